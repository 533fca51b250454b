// Per-endpoint concurrency: at most `limit` deliveries to one partner origin in flight in this process. An
// endpoint at its limit is handed to graphile-worker as a forbidden job flag, so workers skip its jobs and
// take other partners' instead: a slow or dead partner holds at most `limit` worker slots, never all.

export class EndpointLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly full = new Set<string>();

  constructor(
    private readonly limit: number,
    /** Called when an endpoint drops below its limit, so idle workers look again for its jobs. */
    private readonly onFreed: () => void,
  ) {}

  /** For graphile-worker's forbiddenFlags: the endpoints whose jobs must not be taken now. */
  forbidden = (): string[] => [...this.full];

  /**
   * Takes up to `wanted` slots and answers how many it got: 0 when the endpoint is full. Jobs fetched in
   * the same instant by several workers (before any of them counted) overshoot the flag filter, and must
   * step back rather than wait in a worker slot.
   */
  acquire(endpoint: string, wanted: number): number {
    const current = this.inFlight.get(endpoint) ?? 0;
    const granted = Math.max(0, Math.min(wanted, this.limit - current));
    if (granted === 0) return 0;
    this.inFlight.set(endpoint, current + granted);
    if (current + granted >= this.limit) this.full.add(endpoint);
    return granted;
  }

  release(endpoint: string, slots: number): void {
    const count = (this.inFlight.get(endpoint) ?? slots) - slots;
    if (count <= 0) this.inFlight.delete(endpoint);
    else this.inFlight.set(endpoint, count);
    if (count < this.limit && this.full.delete(endpoint)) this.onFreed();
  }

  inFlightTo(endpoint: string): number {
    return this.inFlight.get(endpoint) ?? 0;
  }
}
