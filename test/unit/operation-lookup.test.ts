import type { RequestHandler } from 'express';
import { createRequire } from 'node:module';
import { OPENAPI_PATH } from '../../src/docs/openapi-document.js';
import { operationLookup, segmentCount, type ApiDoc, type OperationContext } from '../../src/rest/operation-lookup.js';

// The hub's operation lookup against express-openapi-validator's own (applyOpenApiMetadata), on the hub's
// document: for every documented path, filled in, with a trailing slash, with another method, and for paths
// the document does not have, both must set the same request fields or throw the same error.

const require = createRequire(import.meta.url);
const { OpenApiSpecLoader } = require('express-openapi-validator/dist/framework/openapi.spec.loader') as {
  OpenApiSpecLoader: new (options: object) => { load(): Promise<{ apiDoc: ApiDoc; serial: number }> };
};
const { OpenApiContext } = require('express-openapi-validator/dist/framework/openapi.context') as {
  OpenApiContext: new (
    spec: object,
    ignorePaths: unknown,
    ignoreUndocumented: boolean,
    useRequestUrl: boolean,
  ) => OperationContext;
};
const { applyOpenApiMetadata } = require('express-openapi-validator/dist/middlewares/openapi.metadata') as {
  applyOpenApiMetadata: (context: OperationContext, responseApiDoc: ApiDoc | undefined) => RequestHandler;
};

type Outcome = {
  openapi?: unknown;
  params?: unknown;
  error?: { name: string; status: unknown; message: string; headers: unknown };
  next: boolean;
};

function run(handler: RequestHandler, method: string, url: string, settings: Record<string, boolean> = {}): Outcome {
  const [path] = url.split('?');
  const req = {
    method,
    url,
    originalUrl: url,
    path,
    baseUrl: '',
    params: {},
    app: { enabled: (name: string) => settings[name] === true },
  } as unknown as Parameters<RequestHandler>[0];
  let next = false;
  try {
    handler(req, {} as Parameters<RequestHandler>[1], () => (next = true));
  } catch (e) {
    const error = e as Error & { status?: unknown; headers?: unknown };
    return {
      error: { name: error.constructor.name, status: error.status, message: error.message, headers: error.headers },
      next,
    };
  }
  const { openapi, params } = req as unknown as { openapi?: unknown; params?: unknown };
  return { openapi, params, next };
}

describe('operationLookup (which documented operation a /v1 request is)', () => {
  let context: OperationContext;
  let apiDoc: ApiDoc;
  beforeAll(async () => {
    const spec = await new OpenApiSpecLoader({
      apiDoc: OPENAPI_PATH,
      validateApiSpec: false,
      $refParser: { mode: 'bundle' },
    }).load();
    apiDoc = spec.apiDoc;
    context = new OpenApiContext(spec, undefined, false, false);
  });

  /** Every documented path with its parameters filled in, as a partner would call it. */
  function documentedPaths(): string[] {
    return Object.keys(apiDoc.paths).map((path) => path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-1`));
  }

  it('answers every documented path, method and variant as the package does', () => {
    const ours = operationLookup(context, apiDoc);
    const theirs = applyOpenApiMetadata(context, apiDoc);
    const urls = documentedPaths().flatMap((path) => [
      path,
      `${path}/`,
      `${path}?limit=5`,
      `${path}/extra`,
      path.replace(/-1/g, '%20x%C3%A9'),
    ]);
    urls.push(
      '/v1/nothing-here',
      '/v1',
      '/v1/accounts/%E0%A4%A/locations',
      '/v1/accounts/a/locations/b/orders/%ZZ',
      '/elsewhere',
    );
    let compared = 0;
    for (const url of urls)
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        for (const settings of [{}, { 'strict routing': true }, { 'case sensitive routing': true }] as Record<
          string,
          boolean
        >[]) {
          expect({ url, method, settings, ...run(ours, method, url, settings) }).toEqual({
            url,
            method,
            settings,
            ...run(theirs, method, url, settings),
          });
          compared++;
        }
    expect(compared).toBeGreaterThan(41 * 5 * 5 * 3);
  });

  it('finds an order by its id among the routes of the same length, with its parameters decoded', () => {
    const outcome = run(operationLookup(context, undefined), 'GET', '/v1/accounts/a%20b/locations/loc/orders/o-1?x=1');
    expect(outcome.next).toBe(true);
    expect(outcome.params).toEqual({ accountId: 'a b', locationId: 'loc', orderId: 'o-1' });
    expect(outcome.openapi).toMatchObject({
      openApiRoute: '/v1/accounts/{accountId}/locations/{locationId}/orders/{orderId}',
    });
  });

  it('says which methods a documented path has when another is used, and 404 for an undocumented one', () => {
    const lookup = operationLookup(context, undefined);
    expect(run(lookup, 'DELETE', '/v1/accounts/a/locations/l/orders').error).toMatchObject({
      status: 405,
      headers: { Allow: 'GET, POST' },
    });
    expect(run(lookup, 'GET', '/v1/accounts/a/locations/l/nothing').error).toMatchObject({ status: 404 });
    expect(run(lookup, 'GET', '/v1/accounts/%E0%A4%A/locations').error).toMatchObject({
      status: 400,
      message: "malformed uri'",
    });
  });

  it('counts segments with a trailing slash aside', () => {
    expect(segmentCount('/')).toBe(1);
    expect(segmentCount('/v1')).toBe(1);
    expect(segmentCount('/v1/')).toBe(1);
    expect(segmentCount('/v1/orders/x')).toBe(3);
    expect(segmentCount('/v1//x')).toBe(3);
  });
});

describe('operationLookup on patterns that match paths of several lengths', () => {
  // A document of the package's shape with a wildcard route (path-to-regexp's `*name`) ahead of a fixed one.
  const operation = (id: string) => ({ operationId: id, responses: {} });
  const apiDoc = {
    paths: {
      '/files/{name}': { get: operation('one') },
      '/files/*rest': { get: operation('rest') },
      '/other/{id}': { get: operation('other') },
    },
  };
  const routes = [
    { basePath: '', expressRoute: '/files/*rest', openApiRoute: '/files/*rest', method: 'GET' },
    { basePath: '', expressRoute: '/files/:name', openApiRoute: '/files/{name}', method: 'GET' },
    { basePath: '', expressRoute: '/other/:id', openApiRoute: '/other/{id}', method: 'GET' },
  ];
  const context = new OpenApiContext({ apiDoc, basePaths: [''], routes, serial: 0 }, undefined, false, false);

  it('tries such a pattern for every path, in the package order', () => {
    const ours = operationLookup(context, undefined);
    const theirs = applyOpenApiMetadata(context, undefined);
    for (const url of ['/files/a', '/files/a/b/c', '/other/1', '/other/1/2', '/nothing'])
      expect({ url, ...run(ours, 'GET', url) }).toEqual({ url, ...run(theirs, 'GET', url) });
    expect(run(ours, 'GET', '/files/a/b/c').openapi).toMatchObject({ expressRoute: '/files/*rest' });
    expect(run(ours, 'GET', '/other/1').params).toEqual({ id: '1' });
  });
});
