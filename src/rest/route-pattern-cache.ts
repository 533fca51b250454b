import { createRequire } from 'node:module';

// express-openapi-validator 5.6 finds the operation of a request by compiling the pattern of every documented
// route with path-to-regexp, on every request (openapi.metadata.js, lookupRoute): about forty compilations
// per /v1 call, a measurable share of a placement's CPU. The patterns are fixed at start, so each compiled
// result is kept and handed out again; a RegExp without the g or y flag keeps no state between exec() calls,
// so sharing one is safe. path-to-regexp is a CommonJS module whose exports object the validator reads at
// every call, so replacing the function there is what it sees.
//
// A hit is on the hot path forty times per request, so it is a map lookup by pattern and a shallow comparison
// of the options (the validator passes a fresh `{ sensitive, strict }` each time), not a string key built per
// call: JSON.stringify of the options made the cache itself 4 % of a GET's CPU.

type PathToRegexp = (path: string, options?: Record<string, unknown>) => unknown;
type Options = Record<string, unknown> | undefined;

const require = createRequire(import.meta.url);
const pathToRegexpModule = require('path-to-regexp') as { pathToRegexp: PathToRegexp & { memoized?: true } };

/** True when every option is a plain value (a function among them could not be compared, so is not cached). */
function plainValues(options: Options): boolean {
  for (const name in options) {
    const value = options[name];
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') return false;
  }
  return true;
}

/** The same option names with the same values (a missing option and one set to undefined count as different). */
function sameOptions(a: Options, b: Options): boolean {
  if (a === undefined || b === undefined) return a === b;
  let names = 0;
  for (const name in a) {
    if (!(name in b) || a[name] !== b[name]) return false;
    names++;
  }
  for (const _ in b) names--;
  return names === 0;
}

export function memoizeRoutePatterns(): void {
  const original = pathToRegexpModule.pathToRegexp;
  if (original.memoized) return;
  // Per pattern, the options it was compiled with and the result: one or two entries each in practice.
  const compiled = new Map<string, { options: Options; result: unknown }[]>();
  const memoized = ((path: string, options?: Record<string, unknown>) => {
    if (typeof path !== 'string' || !plainValues(options)) return original(path, options);
    let entries = compiled.get(path);
    if (entries === undefined) compiled.set(path, (entries = []));
    for (const entry of entries) if (sameOptions(entry.options, options)) return entry.result;
    const result = original(path, options);
    // A copy: the caller may change its options object later.
    entries.push({ options: options === undefined ? undefined : { ...options }, result });
    return result;
  }) as PathToRegexp & { memoized?: true };
  memoized.memoized = true;
  pathToRegexpModule.pathToRegexp = memoized;
}
