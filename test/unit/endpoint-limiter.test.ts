import { EndpointLimiter } from '../../src/delivery-engine/endpoint-limiter.js';

// Per-endpoint concurrency of the delivery worker (src/delivery-engine/endpoint-limiter.ts): the room each
// claim is given, per endpoint.

describe('EndpointLimiter', () => {
  const A = 'https://a.example';
  const B = 'https://b.example';
  const takeN = (limiter: EndpointLimiter, endpoint: string, n: number) => {
    for (let i = 0; i < n; i++) limiter.take(endpoint);
  };

  it('gives an endpoint with nothing in flight the whole limit, and a busy one what is left of it', () => {
    const limiter = new EndpointLimiter(4, 2, () => undefined);
    expect(limiter.room()).toEqual({ full: [], busy: [], limit: 4 });
    takeN(limiter, A, 3);
    takeN(limiter, B, 1);
    expect(limiter.room()).toEqual({
      full: [],
      busy: [
        { endpoint: A, free: 1 },
        { endpoint: B, free: 3 },
      ],
      limit: 4,
    });
    expect(limiter.inFlightTo(A)).toBe(3);
  });

  it('lists an endpoint at its limit as full: a claim reads none of its deliveries', () => {
    const limiter = new EndpointLimiter(4, 2, () => undefined);
    takeN(limiter, A, 4);
    expect(limiter.room()).toEqual({ full: [A], busy: [], limit: 4 });
  });

  it('offers a full endpoint work again only once `refill` slots are free, and says so once', () => {
    let freed = 0;
    const limiter = new EndpointLimiter(4, 2, () => freed++);
    takeN(limiter, A, 4);
    limiter.release(A);
    // One free slot: a claim taking it now would take a single delivery; the endpoint stays skipped.
    expect(limiter.room().full).toEqual([A]);
    expect(freed).toBe(0);
    limiter.release(A);
    expect(limiter.room()).toEqual({ full: [], busy: [{ endpoint: A, free: 2 }], limit: 4 });
    expect(freed).toBe(1);
    limiter.release(A);
    limiter.release(A);
    expect(freed).toBe(1);
    expect(limiter.inFlightTo(A)).toBe(0);
    expect(limiter.room().busy).toEqual([]);
  });

  it('with a refill of 1, frees a full endpoint at its first free slot', () => {
    let freed = 0;
    const limiter = new EndpointLimiter(2, 1, () => freed++);
    takeN(limiter, A, 2);
    limiter.release(A);
    expect(limiter.room().full).toEqual([]);
    expect(freed).toBe(1);
  });

  it('asks for another claim when an endpoint a claim filled to its offered room released a slot meanwhile', () => {
    let freed = 0;
    const limiter = new EndpointLimiter(2, 1, () => freed++);
    takeN(limiter, A, 1);
    const room = limiter.room();
    expect(room.busy).toEqual([{ endpoint: A, free: 1 }]);
    // While the claim runs, A's attempt ends: A was not full, so no refill wakes anyone.
    limiter.release(A);
    expect(freed).toBe(0);
    // The claim took the one slot it was offered; A has room again and may have more due.
    takeN(limiter, A, 1);
    expect(limiter.freedDuringClaim(room, [{ endpoint: A }])).toBe(true);
    // Asked once per claim.
    expect(limiter.freedDuringClaim(room, [{ endpoint: A }])).toBe(false);
  });

  it('does not ask again when nothing was released, or the claim took less than its room, or the endpoint is full', () => {
    const limiter = new EndpointLimiter(4, 2, () => undefined);
    takeN(limiter, A, 1);
    let room = limiter.room();
    takeN(limiter, A, 3);
    expect(limiter.freedDuringClaim(room, [{ endpoint: A }, { endpoint: A }, { endpoint: A }])).toBe(false);
    limiter.release(A);
    limiter.release(A);
    limiter.release(A);
    room = limiter.room();
    limiter.release(A);
    takeN(limiter, A, 1);
    // Offered 3, took 1: the claim found no more due for A, so a freed slot changes nothing.
    expect(limiter.freedDuringClaim(room, [{ endpoint: A }])).toBe(false);
    takeN(limiter, A, 3);
    room = limiter.room();
    limiter.release(B);
    expect(limiter.freedDuringClaim(room, [])).toBe(false);
  });

  it('refuses a refill outside 1 to the limit', () => {
    expect(() => new EndpointLimiter(4, 0, () => undefined)).toThrow(/refill/);
    expect(() => new EndpointLimiter(4, 5, () => undefined)).toThrow(/refill/);
  });
});
