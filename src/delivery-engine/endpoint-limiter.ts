import type { EndpointRoom } from './claim.js';

// Per-endpoint concurrency: at most `limit` deliveries to one partner origin in flight in this process. A
// claim reads no delivery of an endpoint at its limit and takes no more of each endpoint than it has room
// for (claim.ts), so a slow or dead partner holds at most `limit` attempts, never the whole process.
//
// An endpoint that reached its limit takes new work again only once `refill` of its slots are free, not at
// the first one: a claim then takes that many of its deliveries at once. Letting it go at every freed slot
// made each claim take one or two deliveries, a statement each, and kept it that way.

export class EndpointLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly full = new Set<string>();
  /** Endpoints that released a slot since the last room() (while a claim made with it runs). */
  private releasedDuringClaim: Set<string> | undefined;

  constructor(
    private readonly limit: number,
    /** Free slots a full endpoint waits for before it is offered work again (1 to limit). */
    private readonly refill: number,
    /** Called when a full endpoint is offered work again, so the worker claims its due deliveries. */
    private readonly onFreed: () => void,
  ) {
    if (refill < 1 || refill > limit)
      throw new Error(`refill must be between 1 and the limit (${limit}); got ${refill}`);
  }

  /** What the next claim may take, per endpoint. */
  room(): EndpointRoom {
    const busy: EndpointRoom['busy'] = [];
    for (const [endpoint, count] of this.inFlight)
      if (!this.full.has(endpoint)) busy.push({ endpoint, free: this.limit - count });
    this.releasedDuringClaim = new Set();
    return { full: [...this.full], busy, limit: this.limit };
  }

  /**
   * After a claim made with `room` took `taken`: true when the claim should be followed by another at once,
   * because an endpoint it filled to the room it was offered released a slot while it ran. Such an endpoint
   * may have more due, and nothing else would say so: it was not full when the slot came free (the claim had
   * not taken its share yet), so no refill wakes the worker, and it may not reach full again either.
   */
  freedDuringClaim(room: EndpointRoom, taken: readonly { endpoint: string }[]): boolean {
    const released = this.releasedDuringClaim;
    this.releasedDuringClaim = undefined;
    if (!released || released.size === 0) return false;
    const offered = new Map(room.busy.map((b) => [b.endpoint, b.free]));
    const counts = new Map<string, number>();
    for (const { endpoint } of taken) counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
    for (const [endpoint, count] of counts) {
      if (released.has(endpoint) && count >= (offered.get(endpoint) ?? room.limit) && !this.full.has(endpoint))
        return true;
    }
    return false;
  }

  /** One attempt to `endpoint` starts (the claim kept within room()). */
  take(endpoint: string): void {
    const count = (this.inFlight.get(endpoint) ?? 0) + 1;
    this.inFlight.set(endpoint, count);
    if (count >= this.limit) this.full.add(endpoint);
  }

  /** One attempt to `endpoint` is over. */
  release(endpoint: string): void {
    this.releasedDuringClaim?.add(endpoint);
    const count = (this.inFlight.get(endpoint) ?? 1) - 1;
    if (count <= 0) this.inFlight.delete(endpoint);
    else this.inFlight.set(endpoint, count);
    if (count <= this.limit - this.refill && this.full.delete(endpoint)) this.onFreed();
  }

  isFull(endpoint: string): boolean {
    return this.full.has(endpoint);
  }

  inFlightTo(endpoint: string): number {
    return this.inFlight.get(endpoint) ?? 0;
  }
}
