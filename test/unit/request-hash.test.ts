import { requestHash } from '../../src/modules/idempotency/request-hash.js';

// What makes two requests the same for Idempotency-Key (src/modules/idempotency/request-hash.ts).

describe('requestHash', () => {
  it('is the same for the same method, path and body, whatever the order of its keys', () => {
    const a = requestHash('POST', '/v1/accounts', { name: 'A', meta: { x: 1, y: [1, { b: 2, a: 1 }] } });
    const b = requestHash('POST', '/v1/accounts', { meta: { y: [1, { a: 1, b: 2 }], x: 1 }, name: 'A' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another body, path or method, and for array order', () => {
    const base = requestHash('POST', '/v1/accounts', { name: 'A' });
    expect(requestHash('POST', '/v1/accounts', { name: 'B' })).not.toBe(base);
    expect(requestHash('POST', '/v1/users', { name: 'A' })).not.toBe(base);
    expect(requestHash('PUT', '/v1/accounts', { name: 'A' })).not.toBe(base);
    expect(requestHash('POST', '/x', [1, 2])).not.toBe(requestHash('POST', '/x', [2, 1]));
  });

  it('takes no body as null', () => {
    expect(requestHash('POST', '/x', undefined)).toBe(requestHash('POST', '/x', null));
  });
});
