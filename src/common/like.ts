import { ValidationError } from './errors.js';

// Searching by text with LIKE and ILIKE: what a person types is matched as typed, so LIKE's own characters
// in it ('%', '_' and the escape '\') stand for themselves rather than for "anything".

/** The longest search text (openapi.yaml's search parameters say the same). */
const MAX_SEARCH = 255;

/** The text with LIKE's own characters escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern for values that contain the text anywhere. */
export function containing(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/**
 * A list's `search` as given: null when none was given; an empty or too long one refused the same way over
 * GraphQL as REST's schema refuses it (no search is "leave it out", not "search for nothing").
 */
export function searchText(search: string | null | undefined): string | null {
  if (search == null) return null;
  if (search.length === 0) throw ValidationError.field('/search', 'must not be empty; leave it out to list everything');
  if (search.length > MAX_SEARCH) throw ValidationError.field('/search', `must be at most ${MAX_SEARCH} characters`);
  return search;
}
