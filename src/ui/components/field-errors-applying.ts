// A form's field errors say what was wrong with what the person sent. Once they change that field, the
// message is about a value no longer there, and left standing it reads as if the new value were wrong too.
// Each error's path is a JSON pointer into the input the server checked (/name, /taxRates/0/rate), so the
// error stands only while the input the form would send now holds the same value there. Pure, so that the
// unit tests compile it with the server's code (tsconfig.json lists this file).

/** The value at a JSON pointer (RFC 6901) in a document; undefined where there is none. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let value: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    if (value === null || typeof value !== 'object') return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The errors whose field still holds, in `now`, the value it held in `sent` (the input they were about). */
export function errorsStillApplying(
  errors: Record<string, string>,
  sent: unknown,
  now: unknown,
): Record<string, string> {
  const same = (path: string) => JSON.stringify(valueAt(sent, path)) === JSON.stringify(valueAt(now, path));
  return Object.fromEntries(Object.entries(errors).filter(([path]) => same(path)));
}
