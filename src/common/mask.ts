// How partner credentials look wherever the hub shows them (a connection, a delivery's payload): every leaf
// value masked, the structure kept, so a reader sees which keys a partner was given and nothing usable.

/** Long enough that showing the last four characters still hides most of it. */
const REVEAL_FROM = 12;

/** What maskCredentials makes of a leaf: masking it again leaves it as it is. */
const MASKED = /^\*{4}[^*]{0,4}$/;

/** Each leaf value becomes "****" (or "****" + its last four characters when it is long); structure is kept. Idempotent. */
export function maskCredentials(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(maskCredentials);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, maskCredentials(v)]));
  const text = String(value);
  if (MASKED.test(text)) return text;
  return text.length >= REVEAL_FROM ? `****${text.slice(-4)}` : '****';
}
