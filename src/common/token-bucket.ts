// Token buckets (docs/contract.md "Conventions": per client, 50 req/s sustained, burst 200). Pure logic with the clock
// passed in, so it is tested without waiting.

export interface BucketDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** When refused: seconds until one request fits. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    /** Buckets idle long enough to be full again are forgotten past this many keys. */
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string): BucketDecision {
    const nowMs = this.now();
    const bucket = this.refill(key, nowMs);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const missing = this.burst - bucket.tokens;
    return {
      allowed,
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil(missing / this.ratePerSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  /** Seconds until `key` may take a token (0: it may now), without taking one. */
  waitSeconds(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(
      this.burst,
      bucket.tokens + (Math.max(0, this.now() - bucket.updatedMs) / 1000) * this.ratePerSecond,
    );
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
  }

  /** Fills `key`'s bucket again. */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  private refill(key: string, nowMs: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.forgetFullBuckets(nowMs);
      bucket = { tokens: this.burst, updatedMs: nowMs };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.ratePerSecond);
    bucket.updatedMs = nowMs;
    return bucket;
  }

  private forgetFullBuckets(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      const tokens = bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * this.ratePerSecond;
      if (tokens >= this.burst) this.buckets.delete(key);
    }
  }
}
