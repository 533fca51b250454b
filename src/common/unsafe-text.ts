import { ValidationError } from './errors.js';

// Text PostgreSQL cannot store: a NUL character (text columns refuse \u0000) and UTF-16 surrogates without
// their pair (they are not Unicode scalar values, so they have no UTF-8 form). Both used to reach the database
// and come back as a 500; they are refused at the edge instead, as a 400 naming where they were.

// eslint-disable-next-line no-control-regex -- the NUL character is what this pattern exists to find
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The JSON path of the first string (value or property name) in `value` that holds unsafe text, or null. */
export function findUnsafeText(value: unknown): string | null {
  // Every request body passes through here and almost none holds unsafe text: the walk keeps only the keys of
  // the way down, and a path is written out for the one string that is refused.
  const keys: (string | number)[] = [];
  return unsafeUnder(value, keys) ? pathOf(keys) : null;
}

/** True when `value` holds unsafe text; `keys` then ends with the way to it (a key itself, when it is the key). */
function unsafeUnder(value: unknown, keys: (string | number)[]): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      keys.push(i);
      if (unsafeUnder(value[i], keys)) return true;
      keys.pop();
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    keys.push(key);
    if (isUnsafeText(key) || unsafeUnder((value as Record<string, unknown>)[key], keys)) return true;
    keys.pop();
  }
  return false;
}

function pathOf(keys: (string | number)[]): string {
  return keys.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/';
}

/** Throws a 400 naming the first place in `value` with unsafe text; `prefix` says which part of the request it is. */
export function refuseUnsafeText(value: unknown, prefix = ''): void {
  const found = findUnsafeText(value);
  if (found)
    throw ValidationError.field(
      `${prefix}${found === '/' ? '' : found}` || '/',
      'must not contain NUL characters or unpaired UTF-16 surrogates',
    );
}
