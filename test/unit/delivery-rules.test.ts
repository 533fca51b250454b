import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { isForbiddenAddress } from '../../src/delivery-engine/address-guard.js';
import { EndpointLimiter } from '../../src/delivery-engine/endpoint-limiter.js';
import { nextStep, retryAfterMs } from '../../src/delivery-engine/retry-policy.js';
import { signWebhook } from '../../src/delivery-engine/sign.js';

// The pure rules of the delivery engine: what follows an attempt, which addresses are refused, signing.

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
    expect(nextStep({ error: 'timeout' }, 2, schedule, () => 0.999999)).toMatchObject({ kind: 'retry', delayMs: 36000, reason: 'timeout' });
    expect(nextStep({ status: 301 }, 3, schedule, () => 0.5)).toMatchObject({ kind: 'retry', delayMs: 120000, reason: 'HTTP 301' });
  });

  it('fails after the last step', () => {
    expect(nextStep({ status: 500 }, 4, schedule)).toMatchObject({ kind: 'failed' });
    expect(nextStep({ status: 500 }, 1, [])).toMatchObject({ kind: 'failed' });
  });

  it('waits at least Retry-After on 429 and 503, and only there', () => {
    expect(nextStep({ status: 429, retryAfter: '120' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 120000 });
    expect(nextStep({ status: 503, retryAfter: '1' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 5000 });
    expect(nextStep({ status: 500, retryAfter: '120' }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 5000 });
    expect(nextStep({ status: 503, retryAfter: String(30 * 24 * 3600) }, 1, schedule, () => 0.5)).toMatchObject({ delayMs: 3 * 24 * 3600 * 1000 });
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

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '::1', '[::1]', '0.0.0.0', '::', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '169.254.169.254', '100.100.100.200', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:169.254.169.254', '224.0.0.1', '255.255.255.255', 'not-an-address',
    // The IPv6 forms the hand-written ranges missed (issue 14).
    '::127.0.0.1', '::a9fe:a9fe', '::ffff:0:7f00:1', '64:ff9b:1::7f00:1', 'fec0::1', '[::ffff:127.0.0.1]', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference implementation', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const body = '{"a":1}';
    const at = new Date('2026-11-23T06:00:00Z');
    const headers = signWebhook(secret, 'msg_1', at.getTime() / 1000, body);
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, body));
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
  });

  it('uses a secret without the whsec_ prefix as its UTF-8 bytes (the reference implementation\'s raw format)', () => {
    const at = new Date('2026-11-23T06:00:00Z');
    const headers = signWebhook('a-raw-secret', 'msg_2', at.getTime() / 1000, '{}');
    expect(headers['webhook-signature']).toBe(new Webhook('a-raw-secret', { format: 'raw' }).sign('msg_2', at, '{}'));
  });
});

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
