import { createRequire } from 'node:module';
import { memoizeRoutePatterns } from '../../src/rest/route-pattern-cache.js';

const require = createRequire(import.meta.url);
type Compiled = { regexp: RegExp; keys: { name: string }[] };
const pathToRegexpModule = require('path-to-regexp') as { pathToRegexp: (path: string, options?: object) => Compiled };

describe('memoizeRoutePatterns (the per-request route lookup of express-openapi-validator)', () => {
  beforeAll(() => memoizeRoutePatterns());

  it('compiles a pattern once per set of options and matches as before', () => {
    const { pathToRegexp } = pathToRegexpModule;
    const first = pathToRegexp('/v1/accounts/:accountId/locations/:locationId/orders', { sensitive: false, strict: false });
    const again = pathToRegexp('/v1/accounts/:accountId/locations/:locationId/orders', { sensitive: false, strict: false });
    expect(again).toBe(first);
    expect(first.keys.map((k) => k.name)).toEqual(['accountId', 'locationId']);
    expect(first.regexp.exec('/v1/accounts/a/locations/b/orders')?.slice(1)).toEqual(['a', 'b']);
    // Sharing the RegExp is safe: exec() keeps no state without the g flag.
    expect(first.regexp.exec('/v1/accounts/c/locations/d/orders')?.slice(1)).toEqual(['c', 'd']);
    expect(pathToRegexp('/v1/accounts/:accountId/locations/:locationId/orders', { sensitive: true, strict: false })).not.toBe(first);
  });

  it('does not cache options it cannot key on', () => {
    const { pathToRegexp } = pathToRegexpModule;
    const options = { sensitive: false, encode: (value: string) => value };
    expect(pathToRegexp('/v1/x/:id', options)).not.toBe(pathToRegexp('/v1/x/:id', options));
  });

  it('is idempotent: a second call keeps the one cache', () => {
    const before = pathToRegexpModule.pathToRegexp;
    memoizeRoutePatterns();
    expect(pathToRegexpModule.pathToRegexp).toBe(before);
  });
});
