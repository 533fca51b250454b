import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com; docs/contract.md "Calls the hub makes"). Every partner
// request carries
//   webhook-id         the event id, stable across retries and replays (receivers deduplicate on it)
//   webhook-timestamp  unix seconds of this attempt
//   webhook-signature  "v1,<base64 HMAC-SHA256 of '<id>.<timestamp>.<body>'>"

const WHSEC_PREFIX = 'whsec_';

/**
 * The HMAC key of a webhook secret: a `whsec_<base64>` secret is the base64-decoded bytes (the Standard
 * Webhooks convention); any other string is used as its UTF-8 bytes (a "raw" secret).
 */
function webhookKey(secret: string): Buffer {
  if (secret.startsWith(WHSEC_PREFIX)) return Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64');
  return Buffer.from(secret, 'utf8');
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The secrets' keys as KeyObjects, made once per secret: on Node 24 an HMAC keyed by a Buffer builds a
 * KeyObject of its own on every call (8 µs against 2 µs per signature of a 1 KiB body), once per delivery.
 * Bounded: when it holds MAX_KEYS (far more than the partners' secrets in use), all are forgotten at once.
 */
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 1000;

function keyObjectOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(webhookKey(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): WebhookHeaders {
  const timestamp = String(Math.floor(timestampSeconds));
  const signature = createHmac('sha256', keyObjectOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** How far a webhook-timestamp may be from the receiver's clock (the Standard Webhooks default). */
const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/**
 * Whether a request carries a valid Standard Webhooks signature of `body` by `secret`: the hub's own sandbox
 * partners check what they receive as any partner should. Any of the space-separated `v1,` signatures may
 * match (a receiver's view during a secret rotation); compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds: number,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  const sent = Number(timestamp);
  if (!Number.isInteger(sent) || Math.abs(nowSeconds - sent) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, sent, body)['webhook-signature'].slice(3), 'base64');
  return signatures.split(' ').some((entry) => {
    if (!entry.startsWith('v1,')) return false;
    const given = Buffer.from(entry.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
