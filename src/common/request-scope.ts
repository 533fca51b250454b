import { AsyncLocalStorage } from 'node:async_hooks';
import { randomHex } from './random-pool.js';

// What a request carries to the work it causes: its id and its W3C trace context. The outbox stores both on
// the deliveries the request writes, and the delivery worker sends them on to the partner (X-Request-Id and
// traceparent headers), so one id follows an order from the marketplace's call to the POS's webhook.

export interface RequestScope {
  requestId: string;
  /** The request's W3C trace context: the caller's traceparent, or a trace this hub started. */
  trace: TraceContext;
  /** The client's address (TRUST_PROXY applied), worked out only when asked for: the activity log records it. */
  clientAddress?: () => string | undefined;
}

export interface TraceContext {
  /** 32 lowercase hex digits. */
  traceId: string;
  /** The trace-flags byte as two hex digits ('01': sampled). */
  flags: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and everything it starts) within the request's scope. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * Express middleware that enters the request's scope again (kept in res.locals.scope): a body parser calls
 * `next` from the socket's stream events, which run outside the scope the request started in.
 */
export function resumeRequestScope(_req: unknown, res: { locals: Record<string, unknown> }, next: () => void): void {
  const scope = res.locals.scope as RequestScope | undefined;
  if (scope) runInRequestScope(scope, next);
  else next();
}

/** The scope of the request being served, or undefined outside one (the worker, maintenance, start-up). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A version-00 traceparent header (W3C Trace Context), or undefined when absent or malformed (then a new trace starts). */
export function parseTraceparent(header: string | undefined): TraceContext | undefined {
  const match = header ? TRACEPARENT.exec(header.trim()) : null;
  if (!match || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return undefined;
  return { traceId: match[1], flags: match[3] };
}

/** A trace this hub starts, for a request that came without one (not sampled: the hub records no spans). */
export function newTrace(): TraceContext {
  // From the pooled random bytes: a call into OpenSSL for 16 bytes was most of what starting a trace cost.
  return { traceId: randomHex(16), flags: '00' };
}

/** The traceparent of a call made within the trace: the same trace and flags, a new span of our own. */
export function childTraceparent(trace: TraceContext): string {
  return `00-${trace.traceId}-${randomHex(8)}-${trace.flags}`;
}

/** Stored as "traceId-flags" (the delivery's trace column) and read back. */
export function formatTrace(trace: TraceContext): string {
  return `${trace.traceId}-${trace.flags}`;
}

export function readTrace(stored: string | null | undefined): TraceContext | undefined {
  const match = stored ? /^([0-9a-f]{32})-([0-9a-f]{2})$/.exec(stored) : null;
  return match ? { traceId: match[1], flags: match[2] } : undefined;
}
