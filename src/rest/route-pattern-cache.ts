import { createRequire } from 'node:module';

// express-openapi-validator 5.6 finds the operation of a request by compiling the pattern of every documented
// route with path-to-regexp, on every request (openapi.metadata.js, lookupRoute): about forty compilations
// per /v1 call, a measurable share of a placement's CPU. The patterns are fixed at start, so each compiled
// result is kept and handed out again; a RegExp without the g or y flag keeps no state between exec() calls,
// so sharing one is safe. path-to-regexp is a CommonJS module whose exports object the validator reads at
// every call, so replacing the function there is what it sees.

type PathToRegexp = (path: string, options?: Record<string, unknown>) => unknown;

const require = createRequire(import.meta.url);
const pathToRegexpModule = require('path-to-regexp') as { pathToRegexp: PathToRegexp & { memoized?: true } };

export function memoizeRoutePatterns(): void {
  const original = pathToRegexpModule.pathToRegexp;
  if (original.memoized) return;
  const compiled = new Map<string, unknown>();
  const memoized = ((path: string, options?: Record<string, unknown>) => {
    // Only string patterns with options of plain values (the validator's `sensitive` and `strict`) are
    // cached: a function among the options would not be part of the key.
    if (typeof path !== 'string' || Object.values(options ?? {}).some((value) => typeof value === 'object' || typeof value === 'function')) {
      return original(path, options);
    }
    const key = `${JSON.stringify(options ?? {})}\n${path}`;
    let result = compiled.get(key);
    if (result === undefined) {
      result = original(path, options);
      compiled.set(key, result);
    }
    return result;
  }) as PathToRegexp & { memoized?: true };
  memoized.memoized = true;
  pathToRegexpModule.pathToRegexp = memoized;
}
