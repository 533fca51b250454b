import { EndpointLimiter } from '../../src/delivery-engine/endpoint-limiter.js';

// Per-endpoint concurrency of the delivery worker (src/delivery-engine/endpoint-limiter.ts).

describe('EndpointLimiter', () => {
  const A = 'https://a.example';

  it('grants slots up to the limit, per endpoint', () => {
    const limiter = new EndpointLimiter(4, 2, () => undefined);
    expect(limiter.acquire(A, 3)).toBe(3);
    expect(limiter.acquire(A, 3)).toBe(1);
    expect(limiter.acquire(A, 1)).toBe(0);
    expect(limiter.acquire('https://b.example', 4)).toBe(4);
    expect(limiter.inFlightTo(A)).toBe(4);
  });

  it('leaves slots to other jobs claiming at the same moment, but grants one while any is free', () => {
    const limiter = new EndpointLimiter(8, 4, () => undefined);
    expect(limiter.acquire(A, 32, 3)).toBe(5);
    expect(limiter.acquire(A, 32, 3)).toBe(1);
    expect(limiter.acquire(A, 32, 3)).toBe(1);
    expect(limiter.acquire(A, 32, 3)).toBe(1);
    expect(limiter.acquire(A, 32, 3)).toBe(0);
  });

  it('offers a full endpoint work again only once `refill` slots are free, and says so once', () => {
    let freed = 0;
    const limiter = new EndpointLimiter(4, 2, () => freed++);
    limiter.acquire(A, 4);
    expect(limiter.forbidden()).toEqual([A]);
    limiter.release(A, 1);
    // One free slot: a job taking it now would claim a single delivery; the endpoint stays skipped.
    expect(limiter.forbidden()).toEqual([A]);
    expect(freed).toBe(0);
    limiter.release(A, 1);
    expect(limiter.forbidden()).toEqual([]);
    expect(freed).toBe(1);
    limiter.release(A, 2);
    expect(freed).toBe(1);
    expect(limiter.inFlightTo(A)).toBe(0);
  });

  it('with a refill of 1, frees a full endpoint at its first free slot', () => {
    let freed = 0;
    const limiter = new EndpointLimiter(2, 1, () => freed++);
    limiter.acquire(A, 2);
    limiter.release(A, 1);
    expect(limiter.forbidden()).toEqual([]);
    expect(freed).toBe(1);
  });
});
