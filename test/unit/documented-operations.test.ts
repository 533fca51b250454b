import { DocumentedOperations, MalformedPath, segmentCount } from '../../src/rest/operations.js';
import { openApiDocument, type OpenApiDocument } from '../../src/shapes/openapi-source.js';

// Which documented operation a /v1 request is: every path of openapi.yaml is found as express would route it,
// a documented path with another method says which methods it has, and anything else is no operation.

describe('DocumentedOperations on openapi.yaml', () => {
  const doc = openApiDocument();
  const operations = new DocumentedOperations(doc);

  it('finds every documented operation, filled in, with a trailing slash and in another case', () => {
    let found = 0;
    for (const [template, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item).filter((k) => k !== 'parameters')) {
        const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-1`);
        for (const path of [filled, `${filled}/`, filled.toUpperCase()]) {
          const result = operations.find(method.toUpperCase(), path);
          expect(result).toMatchObject({ operation: { template, method: method.toUpperCase() } });
          found++;
        }
      }
    expect(found).toBeGreaterThan(40 * 3);
  });

  it('decodes the path parameters of an order', () => {
    expect(operations.find('GET', '/v1/accounts/a%20b/locations/loc/orders/o-1')).toMatchObject({
      operation: { template: '/v1/accounts/{accountId}/locations/{locationId}/orders/{orderId}' },
      pathParams: { accountId: 'a b', locationId: 'loc', orderId: 'o-1' },
    });
  });

  it('says which methods a documented path has when another is used, and nothing for an undocumented one', () => {
    expect(operations.find('DELETE', '/v1/accounts/a/locations/l/orders')).toEqual({ allow: ['GET', 'POST'] });
    expect(operations.find('GET', '/v1/accounts/a/locations/l/nothing')).toBeUndefined();
    expect(operations.find('GET', '/v1/accounts/a/locations/l/orders/o/extra')).toBeUndefined();
    expect(operations.find('GET', '/v1')).toBeUndefined();
    expect(() => operations.find('GET', '/v1/accounts/%E0%A4%A/locations')).toThrow(MalformedPath);
  });

  it('counts segments with a trailing slash aside', () => {
    expect(segmentCount('/')).toBe(1);
    expect(segmentCount('/v1')).toBe(1);
    expect(segmentCount('/v1/')).toBe(1);
    expect(segmentCount('/v1/orders/x')).toBe(3);
    expect(segmentCount('/v1//x')).toBe(3);
  });
});

describe('DocumentedOperations on paths that overlap', () => {
  const operation = (operationId: string) => ({ operationId, responses: {} });
  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    components: { schemas: {} },
    paths: {
      '/users/{userId}': { get: operation('user'), delete: operation('removeUser') },
      '/users/me': { get: operation('me') },
      '/files/{name}.{extension}': { get: operation('file') },
    },
  };
  const operations = new DocumentedOperations(doc);

  it('prefers a concrete segment to a parameter, as OpenAPI says', () => {
    expect(operations.find('GET', '/users/me')).toMatchObject({ operation: { operationId: 'me' }, pathParams: {} });
    expect(operations.find('GET', '/users/42')).toMatchObject({ pathParams: { userId: '42' } });
    expect(operations.find('DELETE', '/users/me')).toEqual({ allow: ['GET'] });
  });

  it('reads several parameters in one segment', () => {
    expect(operations.find('GET', '/files/menu.pdf')).toMatchObject({ pathParams: { name: 'menu', extension: 'pdf' } });
  });
});
