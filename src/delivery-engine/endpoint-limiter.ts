// Per-endpoint concurrency: at most `limit` deliveries to one partner origin in flight in this process. An
// endpoint at its limit is handed to graphile-worker as a forbidden job flag, so workers skip its jobs and
// take other partners' instead: a slow or dead partner holds at most `limit` worker slots, never all.
//
// An endpoint that reached its limit takes new work again only once `refill` of its slots are free, not at
// the first one: a job then claims that many deliveries at once. Letting it go at every freed slot made each
// job claim one or two deliveries, with a job fetch, a claim and a job clean-up each, and kept it that way.

export class EndpointLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly full = new Set<string>();

  constructor(
    private readonly limit: number,
    /** Free slots a full endpoint waits for before it is offered work again (1 to limit). */
    private readonly refill: number,
    /** Called when a full endpoint is offered work again, so idle workers look for its jobs. */
    private readonly onFreed: () => void,
  ) {
    if (refill < 1 || refill > limit) throw new Error(`refill must be between 1 and the limit (${limit}); got ${refill}`);
  }

  /** For graphile-worker's forbiddenFlags: the endpoints whose jobs must not be taken now. */
  forbidden = (): string[] => [...this.full];

  /**
   * Takes up to `wanted` slots, leaving `leave` of the free ones to others (jobs claiming at the same
   * moment) where it can, but at least one if any is free; answers how many it got: 0 when the endpoint is
   * at its limit. Jobs fetched in the same instant by several workers (before any of them counted) overshoot
   * the flag filter, and must step back rather than wait in a worker slot.
   */
  acquire(endpoint: string, wanted: number, leave = 0): number {
    const current = this.inFlight.get(endpoint) ?? 0;
    const free = this.limit - current;
    const granted = Math.min(free, Math.max(1, Math.min(wanted, free - leave)));
    if (granted === 0) return 0;
    this.inFlight.set(endpoint, current + granted);
    if (current + granted >= this.limit) this.full.add(endpoint);
    return granted;
  }

  release(endpoint: string, slots: number): void {
    const count = (this.inFlight.get(endpoint) ?? slots) - slots;
    if (count <= 0) this.inFlight.delete(endpoint);
    else this.inFlight.set(endpoint, count);
    if (count <= this.limit - this.refill && this.full.delete(endpoint)) this.onFreed();
  }

  inFlightTo(endpoint: string): number {
    return this.inFlight.get(endpoint) ?? 0;
  }
}
