// What happens after an attempt (docs/contract.md "Calls the hub makes"): any 2xx is delivered; 410 Gone stops at once;
// anything else is retried after the next step of the schedule, with jitter so a partner coming back is not
// hit by every waiting delivery at the same instant, and never before a Retry-After of a 429/503; after the
// last step the delivery is FAILED (kept and replayable).

export type AttemptResult = { status: number; retryAfter?: string | string[] } | { error: string };

export type NextStep =
  { kind: 'delivered' } | { kind: 'retry'; delayMs: number; reason: string } | { kind: 'failed'; reason: string };

/** ±20 % around each step of the schedule. */
const JITTER = 0.2;
/** A Retry-After is honoured up to the contract's 3 days, no further. */
const MAX_RETRY_AFTER_MS = 3 * 24 * 3600 * 1000;

function describeResult(result: AttemptResult): string {
  return 'error' in result ? result.error : `HTTP ${result.status}`;
}

/**
 * roundAttempts: attempts made in this round, counting the one just made (1 after the first attempt).
 * random: [0, 1), injected so tests can pin the jitter.
 */
export function nextStep(
  result: AttemptResult,
  roundAttempts: number,
  schedule: readonly number[],
  random: () => number = Math.random,
  now = Date.now(),
): NextStep {
  if (!('error' in result)) {
    if (result.status >= 200 && result.status <= 299) return { kind: 'delivered' };
    if (result.status === 410) return { kind: 'failed', reason: 'HTTP 410: the partner asked to stop' };
  }
  const reason = describeResult(result);
  if (roundAttempts > schedule.length)
    return { kind: 'failed', reason: `${reason}; no attempts left after ${roundAttempts}` };
  const base = schedule[roundAttempts - 1] * 1000;
  let delayMs = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (!('error' in result) && (result.status === 429 || result.status === 503)) {
    const wait = retryAfterMs(result.retryAfter, now);
    if (wait !== null) delayMs = Math.max(delayMs, Math.min(wait, MAX_RETRY_AFTER_MS));
  }
  return { kind: 'retry', delayMs, reason };
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 section 10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
