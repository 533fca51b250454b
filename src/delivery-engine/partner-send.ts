import { performance } from 'node:perf_hooks';
import { childTraceparent, readTrace } from '../common/request-scope.js';
import type { ClaimedDelivery } from './claim.js';
import { PartnerRequestError, type PartnerHttp } from './partner-http.js';
import type { AttemptRecord } from './record-outcomes.js';
import type { AttemptResult } from './retry-policy.js';
import { signWebhook } from './sign.js';
import { withSealedCredentials } from './webhook-event.js';
import type { WebhookSecretSource } from './webhook-secrets.js';

// One attempt of one delivery: open its credentials into the body, sign it, POST it, and say what came of
// it (the answer or the error) and what the log keeps of it. Never throws: every failure is an outcome.

/** The log keeps the first 1 KiB of an answer; reading stops well before a large body is buffered. */
const EXCERPT_BYTES = 1024;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendDeps {
  partnerHttp: PartnerHttp;
  secrets: WebhookSecretSource;
  partnerTimeoutMs: number;
  /** The hub's own sandbox partners: their deliveries go to this process's sandbox endpoints (partner-http.ts). */
  sandboxApplications: ReadonlySet<string>;
}

export interface SendOutcome {
  attempt: AttemptRecord;
  result: AttemptResult;
}

export async function sendDelivery(deps: SendDeps, delivery: ClaimedDelivery): Promise<SendOutcome> {
  const startedAt = new Date();
  const t0 = performance.now();
  const done = (result: AttemptResult, excerpt: string | null = null): SendOutcome => ({
    result,
    attempt: {
      startedAt,
      url: delivery.send_url,
      httpStatus: 'status' in result ? result.status : null,
      error: 'error' in result ? result.error : null,
      latencyMs: performance.now() - t0,
      responseExcerpt: excerpt,
    },
  });
  let secret: string;
  try {
    secret = await deps.secrets.secretFor(delivery.application_id);
  } catch {
    return done({ error: 'no webhook secret is available for the application' });
  }
  let body: string;
  try {
    body = withSealedCredentials(delivery.body, delivery.credentials_sealed);
  } catch {
    return done({
      error: 'the connection credentials of this delivery cannot be opened (was ENCRYPTION_KEY changed?)',
    });
  }
  const headers: Record<string, string> = {
    ...signWebhook(secret, delivery.event_id, Date.now() / 1000, body),
    ...originHeaders(delivery),
  };
  try {
    const response = await deps.partnerHttp.post(delivery.send_url, body, {
      headers,
      timeoutMs: deps.partnerTimeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      sandbox: deps.sandboxApplications.has(delivery.application_id),
    });
    return done({ status: response.status, retryAfter: response.headers['retry-after'] }, excerptOf(response.body));
  } catch (error) {
    if (error instanceof PartnerRequestError) return done({ error: error.message });
    return done({ error: 'the request could not be sent' });
  }
}

/** The causing request's id and trace, so the partner's logs can be joined with the hub's. */
function originHeaders(delivery: ClaimedDelivery): Record<string, string> {
  const headers: Record<string, string> = {};
  if (delivery.request_id) headers['x-request-id'] = delivery.request_id;
  const trace = readTrace(delivery.trace);
  if (trace) headers.traceparent = childTraceparent(trace);
  return headers;
}

function excerptOf(body: string): string | null {
  if (!body) return null;
  const bytes = Buffer.from(body, 'utf8');
  return bytes.length <= EXCERPT_BYTES ? body : bytes.subarray(0, EXCERPT_BYTES).toString('utf8');
}
