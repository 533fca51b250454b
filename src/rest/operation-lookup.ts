import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createRequire } from 'node:module';

// Which documented operation a /v1 request is: what express-openapi-validator's metadata middleware
// (dist/middlewares/openapi.metadata.js, `applyOpenApiMetadata`) does, with a cheaper search. The package's
// `lookupRoute` walks every documented route on every request (forty-one here; an order's routes come after
// about thirty), and for each one builds its options, looks its schema up and runs path-to-regexp again (a
// compilation, until a cache of ours kept them): 38 µs of a GET of one order on Node 24, a tenth of the hub's
// own CPU for it. Here each route's pattern is compiled once, and a path is tried against the routes with
// as many segments as it has, in the package's order. A `{param}` pattern segment matches one path segment
// (path-to-regexp's `[^/]+`), so no route of another length can match it; a pattern this cannot reason
// about (a wildcard, an optional group) is tried for every path, and a path that none of its candidates match
// is tried against every route before it is called unknown. What it sets on the request, and the errors it
// throws, are the package's. express-openapi-validator is pinned (package.json): compare this file with
// `applyOpenApiMetadata` on an upgrade.

const require = createRequire(import.meta.url);
type ValidatorError = new (args: { path: string; message: string; headers?: Record<string, string> }) => Error;
const { BadRequest, MethodNotAllowed, NotFound } = require('express-openapi-validator/dist/framework/types') as Record<
  'BadRequest' | 'MethodNotAllowed' | 'NotFound',
  ValidatorError
>;
const { httpMethods } = require('express-openapi-validator/dist/middlewares/parsers/schema.preprocessor') as {
  httpMethods: Set<string>;
};
const { pathToRegexp } = require('path-to-regexp') as {
  pathToRegexp: (
    path: string,
    options: { sensitive: boolean; strict: boolean },
  ) => { regexp: RegExp; keys: { name: string }[] };
};

type Schema = Record<string, unknown>;
export interface ApiDoc {
  paths: Record<string, Record<string, Schema | undefined>>;
}
/** The parts of the package's OpenApiContext (dist/framework/openapi.context.js) the lookup reads. */
export interface OperationContext {
  apiDoc: ApiDoc;
  expressRouteMap: Record<string, { basePath: string; _openApiRoute: string }>;
  openApiRouteMap: Record<string, Record<string, unknown>>;
  serial: number;
  ignoreUndocumented: boolean;
  useRequestUrl: boolean;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
}

interface Route {
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
  /** Path segments, or undefined for a pattern that may match paths of several lengths. */
  segments: number | undefined;
}
interface Compiled {
  route: Route;
  regexp: RegExp;
  keys: string[];
}
interface Matched {
  route: Route;
  pathParams: Record<string, string>;
}

/** How many segments a path has, a trailing slash aside (non-strict routing matches `/a/b/` as `/a/b`). */
export function segmentCount(path: string): number {
  let count = 0;
  const end = path.length > 1 && path.endsWith('/') ? path.length - 1 : path.length;
  for (let i = 0; i < end; i++) if (path.charCodeAt(i) === 47 /* / */) count++;
  return count;
}

/** Segments of an express route pattern, or undefined when its syntax could match a varying number of them. */
function patternSegments(expressRoute: string): number | undefined {
  return /[*?+(){}]/.test(expressRoute) ? undefined : segmentCount(expressRoute);
}

/** Each route compiled once per pair of the app's routing settings, grouped by the lengths of path they can match. */
class RouteIndex {
  private readonly compiled = new Map<string, { all: Compiled[]; byLength: Map<number, Compiled[]> }>();

  constructor(private readonly routes: Route[]) {}

  find(path: string, sensitive: boolean, strict: boolean): Matched | undefined {
    const { all, byLength } = this.forSettings(sensitive, strict);
    const length = segmentCount(path);
    let candidates = byLength.get(length);
    if (candidates === undefined)
      byLength.set(
        length,
        (candidates = all.filter((c) => c.route.segments === undefined || c.route.segments === length)),
      );
    return match(candidates, path) ?? (candidates.length === all.length ? undefined : match(all, path));
  }

  private forSettings(sensitive: boolean, strict: boolean) {
    const key = `${sensitive}:${strict}`;
    let entry = this.compiled.get(key);
    if (entry === undefined) {
      const all = this.routes.map((route) => {
        const { regexp, keys } = pathToRegexp(route.expressRoute, { sensitive, strict });
        return { route, regexp, keys: keys.map((k) => k.name) };
      });
      this.compiled.set(key, (entry = { all, byLength: new Map() }));
    }
    return entry;
  }
}

/** A path parameter with a malformed percent-escape. */
class MalformedUri extends Error {}

function match(candidates: Compiled[], path: string): Matched | undefined {
  for (const candidate of candidates) {
    const found = candidate.regexp.exec(path);
    if (found === null) continue;
    const pathParams: Record<string, string> = {};
    try {
      candidate.keys.forEach((name, i) => (pathParams[name] = decodeURIComponent(found[i + 1])));
    } catch {
      throw new MalformedUri();
    }
    return { route: candidate.route, pathParams };
  }
  return undefined;
}

/**
 * The metadata middleware for `context` (the package's `applyOpenApiMetadata(context, responseApiDoc)`):
 * sets `req.openapi` and `req.params` for a documented operation, throws 405 for a documented path with
 * another method and 404 for an undocumented path under the document's base paths.
 */
export function operationLookup(context: OperationContext, responseApiDoc: ApiDoc | undefined): RequestHandler {
  const index = new RouteIndex(
    Object.entries(context.expressRouteMap).map(([expressRoute, methods]) => {
      const openApiRoute = methods._openApiRoute;
      return {
        expressRoute,
        openApiRoute,
        pathKey: openApiRoute.substring(methods.basePath.length),
        segments: patternSegments(expressRoute),
      };
    }),
  );
  return (req: Request, _res: Response, next: NextFunction) => {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (context.shouldIgnoreRoute(path)) return next();
    const url = context.useRequestUrl ? req.url : req.originalUrl;
    const query = url.indexOf('?');
    let matched: Matched | undefined;
    try {
      matched = index.find(
        query === -1 ? url : url.slice(0, query),
        req.app.enabled('case sensitive routing'),
        req.app.enabled('strict routing'),
      );
    } catch (error) {
      // The package's answer, its stray quote included.
      if (error instanceof MalformedUri) throw new BadRequest({ path: req.path, message: `malformed uri'` });
      throw error;
    }
    if (matched !== undefined) {
      const { route, pathParams } = matched;
      const method = req.method.toLowerCase();
      const schema = context.apiDoc.paths[route.pathKey][method];
      if (!schema) {
        if (context.ignoreUndocumented) return next();
        throw new MethodNotAllowed({
          path: req.path,
          message: `${req.method} method not allowed`,
          headers: {
            Allow: Object.keys(context.openApiRouteMap[route.openApiRoute])
              .filter((key) => httpMethods.has(key.toLowerCase()))
              .join(', '),
          },
        });
      }
      const openapi: Record<string, unknown> = {
        expressRoute: route.expressRoute,
        openApiRoute: route.openApiRoute,
        pathParams,
        schema,
        serial: context.serial,
      };
      if (responseApiDoc) openapi._responseSchema = responseApiDoc.paths[route.pathKey][method];
      (req as Request & { openapi: unknown }).openapi = openapi;
      req.params = pathParams;
    } else if (context.isManagedRoute(path) && !context.ignoreUndocumented) {
      throw new NotFound({ path: req.path, message: 'not found' });
    }
    next();
  };
}
