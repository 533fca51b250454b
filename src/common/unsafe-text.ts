import { ValidationError } from './errors.js';

// Text PostgreSQL cannot store: a NUL character (text columns refuse \u0000) and UTF-16 surrogates without
// their pair (they are not Unicode scalar values, so they have no UTF-8 form). Both used to reach the database
// and come back as a 500; they are refused at the edge instead, as a 400 naming where they were.

const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The JSON path of the first string (value or property name) in `value` that holds unsafe text, or null. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path || '/' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const childPath = `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (typeof key === 'string' && isUnsafeText(key)) return childPath;
    const found = findUnsafeText(child, childPath);
    if (found) return found;
  }
  return null;
}

/** Throws a 400 naming the first place in `value` with unsafe text; `prefix` says which part of the request it is. */
export function refuseUnsafeText(value: unknown, prefix = ''): void {
  const found = findUnsafeText(value);
  if (found) throw ValidationError.field(`${prefix}${found === '/' ? '' : found}` || '/', 'must not contain NUL characters or unpaired UTF-16 surrogates');
}
