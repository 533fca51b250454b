import { TokenBuckets } from '../../src/common/token-bucket.js';

describe('TokenBuckets', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows a burst, then refuses with the time until one request fits', () => {
    const buckets = new TokenBuckets(2, 3, clock);
    expect([1, 2, 3].map(() => buckets.take('a').remaining)).toEqual([2, 1, 0]);
    const refused = buckets.take('a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1, resetSeconds: 2 });
  });

  it('refills at the sustained rate and never above the burst', () => {
    const buckets = new TokenBuckets(10, 5, clock);
    for (let i = 0; i < 5; i += 1) buckets.take('a');
    now += 300; // 3 tokens back
    expect(buckets.take('a')).toMatchObject({ allowed: true, remaining: 2 });
    now += 60_000;
    expect(buckets.take('a').remaining).toBe(4);
  });

  it('keeps callers apart', () => {
    const buckets = new TokenBuckets(1, 1, clock);
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('b').allowed).toBe(true);
  });

  it('forgets idle full buckets when it holds too many keys', () => {
    const buckets = new TokenBuckets(1, 1, clock, 2);
    buckets.take('a');
    buckets.take('b');
    now += 5_000;
    buckets.take('c');
    // 'a' was forgotten full; it starts again with a full bucket.
    expect(buckets.take('a').allowed).toBe(true);
  });

  it('tells how long until a token is there without taking one, and fills a bucket again on forget', () => {
    const buckets = new TokenBuckets(0.1, 2, clock);
    expect(buckets.waitSeconds('a')).toBe(0);
    buckets.take('a');
    expect(buckets.waitSeconds('a')).toBe(0);
    buckets.take('a');
    expect(buckets.waitSeconds('a')).toBe(10);
    expect(buckets.waitSeconds('a')).toBe(10); // looking takes nothing
    now += 4_000;
    expect(buckets.waitSeconds('a')).toBe(6);
    buckets.forget('a');
    expect(buckets.take('a')).toMatchObject({ allowed: true, remaining: 1 });
  });
});
