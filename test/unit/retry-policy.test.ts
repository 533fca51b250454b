import { nextStep, retryAfterMs } from '../../src/delivery-engine/retry-policy.js';

// What follows a delivery attempt: the retry schedule, 410, Retry-After (src/delivery-engine/retry-policy.ts).

const schedule = [5, 30, 120];

describe('nextStep', () => {
  it('delivers on any 2xx', () => {
    for (const status of [200, 201, 204, 299]) expect(nextStep({ status }, 1, schedule)).toEqual({ kind: 'delivered' });
  });

  it('stops at once on 410', () => {
    expect(nextStep({ status: 410 }, 1, schedule).kind).toBe('failed');
  });

  it('retries other answers and errors along the schedule, with ±20 % jitter', () => {
    expect(nextStep({ status: 500 }, 1, schedule, () => 0)).toMatchObject({ kind: 'retry', delayMs: 4000 });
    expect(nextStep({ status: 500 }, 1, schedule, () => 0.5)).toMatchObject({ kind: 'retry', delayMs: 5000 });
    expect(nextStep({ error: 'timeout' }, 2, schedule, () => 0.999999)).toMatchObject({
      kind: 'retry',
      delayMs: 36000,
      reason: 'timeout',
    });
    expect(nextStep({ status: 301 }, 3, schedule, () => 0.5)).toMatchObject({
      kind: 'retry',
      delayMs: 120000,
      reason: 'HTTP 301',
    });
  });

  it('fails after the last step', () => {
    expect(nextStep({ status: 500 }, 4, schedule)).toMatchObject({ kind: 'failed' });
    expect(nextStep({ status: 500 }, 1, [])).toMatchObject({ kind: 'failed' });
  });

  it('waits at least Retry-After on 429 and 503, and only there', () => {
    expect(nextStep({ status: 429, retryAfter: '120' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 120000 });
    expect(nextStep({ status: 503, retryAfter: '1' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 5000 });
    expect(nextStep({ status: 500, retryAfter: '120' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 5000 });
    expect(nextStep({ status: 503, retryAfter: String(30 * 24 * 3600) }, 1, schedule, () => 0.5)).toMatchObject({
      delayMs: 3 * 24 * 3600 * 1000,
    });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});
