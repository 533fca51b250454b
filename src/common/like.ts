// Searching by text with LIKE and ILIKE: what a person types is matched as typed, so LIKE's own characters
// in it ('%', '_' and the escape '\') stand for themselves rather than for "anything".

/** The text with LIKE's own characters escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern for values that contain the text anywhere. */
export function containing(text: string): string {
  return `%${likeLiteral(text)}%`;
}
