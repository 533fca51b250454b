import { ValidationError, type FieldError } from '../../common/errors.js';

// PUT {loc}/catalog/snoozes: products and modifiers not for sale until a time, checked the same way on every
// surface. Pure: every problem is named by its JSON path, thrown at once, and nothing changes.

export const SNOOZE_KINDS = ['PRODUCT', 'MODIFIER'] as const;
export type SnoozeKind = (typeof SNOOZE_KINDS)[number];

const MAX_SNOOZE_ITEMS = 500;
const MAX_REFERENCE_LENGTH = 255;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

export interface SnoozeRequest {
  kind: SnoozeKind;
  posReference: string;
  until: Date;
  /** Its index in the body's items, for the path of a problem found later (an unknown posReference). */
  index: number;
}

/** PRODUCT or MODIFIER; null for anything else. */
export function parseSnoozeKind(value: unknown): SnoozeKind | null {
  return (SNOOZE_KINDS as readonly unknown[]).includes(value) ? (value as SnoozeKind) : null;
}

export function parseSnoozes(input: unknown, now: Date): SnoozeRequest[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!body) throw ValidationError.field('/', 'must be an object {items}');
  for (const key of Object.keys(body)) if (key !== 'items') add(`/${key}`, 'is not a field here (allowed: items)');
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_SNOOZE_ITEMS) {
    add('/items', `must be an array of 1 to ${MAX_SNOOZE_ITEMS} items`);
    throw ValidationError.fields(errors);
  }
  const requests: SnoozeRequest[] = [];
  const seen = new Map<string, number>();
  items.forEach((item: unknown, index) => {
    const at = `/items/${index}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return add(at, 'must be an object');
    const { kind: rawKind, posReference, until: rawUntil, ...rest } = item as Record<string, unknown>;
    for (const key of Object.keys(rest))
      add(`${at}/${key}`, 'is not a field here (allowed: posReference, kind, until)');
    const kind = parseSnoozeKind(rawKind);
    if (!kind) add(`${at}/kind`, 'must be PRODUCT or MODIFIER');
    if (typeof posReference !== 'string' || posReference.length < 1 || posReference.length > MAX_REFERENCE_LENGTH)
      add(`${at}/posReference`, `must be a string of 1 to ${MAX_REFERENCE_LENGTH} characters`);
    const until = typeof rawUntil === 'string' && RFC_3339.test(rawUntil) ? new Date(rawUntil) : null;
    if (!until || Number.isNaN(until.getTime())) add(`${at}/until`, 'must be an RFC 3339 date-time');
    else if (until.getTime() <= now.getTime()) add(`${at}/until`, 'must be in the future');
    if (!kind || typeof posReference !== 'string' || !until) return;
    const key = `${kind}:${posReference}`;
    if (seen.has(key)) return add(at, `names the same ${kind.toLowerCase()} as /items/${seen.get(key)}`);
    seen.set(key, index);
    requests.push({ kind, posReference, until, index });
  });
  if (errors.length > 0) throw ValidationError.fields(errors);
  return requests;
}
