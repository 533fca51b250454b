import { performance } from 'node:perf_hooks';
import express, { type NextFunction, type Request, type Response } from 'express';
import { UnavailableError } from '../common/errors.js';
import { databaseUnavailable, type DatabaseWatch } from '../db/outage.js';
import { sendGraphQLError } from '../graphql/error-answer.js';
import { sendOAuthError, sendProblem, toProblem } from '../rest/problem.js';
import { pullsCatalog } from './priorities.js';

// A bound on how long the hub takes to answer a request (REQUEST_TIMEOUT_MS). A database that goes
// silent (a network partition, a managed failover leaving the old address unanswering) closes nothing and
// throws nothing: a request waiting on a query of a pooled connection would wait as long as TCP does, long
// after /readyz took the process out. Past the bound the hub answers for the request: 503 with Retry-After,
// `database_unavailable` when the database does not answer, else `overloaded`, in the shape of the surface
// (problem+json, GraphQL's errors, OAuth's {error, error_description}).
//
// Why a middleware of our own: node's server.requestTimeout (and headersTimeout) only bounds receiving the
// request and answers 408 by closing, not 503 with Retry-After; connect-timeout only passes a 503 error on and
// leaves the handler's later writes to throw "headers already sent"; express-timeout-handler disables
// response methods but knows nothing of which answer to give (the database's state, three error shapes) nor of
// the layers that must still see the handler's answer (the idempotency key). Here the handler goes on (its transaction may still commit: a placement retried with the same
// Idempotency-Key replays its answer, and externalId stops a second order), and what it writes after the 503
// is dropped.
//
// Not bounded: /healthz, /readyz and /metrics (answered before this middleware), GraphQL subscriptions (a
// WebSocket upgrade never reaches express), and a response already streaming. A catalog pull gets
// CATALOG_PULL_TIMEOUT_MS more: it waits on the POS that long by contract.

export interface RequestDeadlineOptions {
  /** REQUEST_TIMEOUT_MS. */
  timeoutMs: number;
  /** Added for a catalog pull (CATALOG_PULL_TIMEOUT_MS). */
  catalogPullTimeoutMs: number;
  /** Retry-After of the `overloaded` answer (OVERLOAD_RETRY_AFTER_SECONDS). */
  overloadRetryAfterSeconds: number;
  database: DatabaseWatch;
  /** Where OAuth's error shape is answered (the provider's mount), except its interaction pages. */
  oauthMount: string;
}

type Surface = 'problem' | 'graphql' | 'oauth';

/**
 * A request still unanswered after this (or a quarter of the bound, if less) makes the hub ask the database
 * directly whether it answers, and again as often while it waits (DatabaseWatch.confirm: one question at a
 * time, an answer holding as long as a question may take),
 * so that the 503s of a partition say database_unavailable: those at the bound, and those of requests that
 * gave up waiting for a pooled connection (DATABASE_ACQUIRE_TIMEOUT_MS) meanwhile.
 */
const SLOW_AFTER_MS = 250;
/** How long that question may take before the database counts as silent. */
const MAX_QUESTION_MS = 1000;

export function requestDeadline(options: RequestDeadlineOptions) {
  const { timeoutMs, database } = options;
  const slowAfterMs = Math.min(SLOW_AFTER_MS, Math.floor(timeoutMs / 4));
  const questionMs = Math.min(MAX_QUESTION_MS, Math.floor(timeoutMs / 4));
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const surface: Surface =
      path === '/graphql'
        ? 'graphql'
        : path.startsWith(options.oauthMount) && !path.startsWith(`${options.oauthMount}/interaction`)
          ? 'oauth'
          : 'problem';
    let extended = false;
    // One timer per request while it is quick (most finish long before slowAfterMs): it fires at slowAfterMs,
    // starts asking the database, and only then arms the deadline for the time left.
    let timer: NodeJS.Timeout | undefined;
    let asking: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      const armedAt = performance.now();
      timer = setTimeout(
        () => {
          // Asked again while the request waits: an answer given before the database went silent holds only so long.
          void database.confirm(questionMs);
          asking = setInterval(() => void database.confirm(questionMs), slowAfterMs);
          timer = setTimeout(expire, Math.max(0, ms - (performance.now() - armedAt)));
        },
        Math.min(slowAfterMs, ms),
      );
    };
    const disarm = () => {
      clearTimeout(timer);
      clearInterval(asking);
    };
    const expire = () => {
      if (res.headersSent || res.writableEnded) return;
      if (!extended && pullsCatalog(req, path)) {
        extended = true;
        disarm();
        arm(options.catalogPullTimeoutMs);
        return;
      }
      disarm();
      answerInstead(
        res,
        surface,
        database.down
          ? databaseUnavailable()
          : new UnavailableError(
              'overloaded',
              `The hub could not answer within ${timeoutMs} ms; try again shortly`,
              options.overloadRetryAfterSeconds,
            ),
      );
    };
    // A response emits 'close' once it is finished or its connection is gone, whichever comes first.
    res.once('close', disarm);
    arm(timeoutMs);
    next();
  };
}

/** What a handler may still call on a response the deadline answered: each does nothing from then on. */
const WRITERS = [
  'setHeader',
  'appendHeader',
  'removeHeader',
  'writeHead',
  'flushHeaders',
  'writeContinue',
  'write',
  'end',
] as const;

/**
 * Answers `error` on `res` in its surface's shape, then makes the handler's own later answer a no-op (not a
 * throw: express's send would otherwise throw ERR_HTTP_HEADERS_SENT into the error handler, and log a 500).
 */
function answerInstead(res: Response, surface: Surface, error: UnavailableError): void {
  // The idempotency middleware wraps res.send to store the handler's answer: this 503 goes around it (the key
  // stays claimed), and the handler's real answer, when it comes, is still stored for the retry to replay.
  const wrapped = Object.hasOwn(res, 'send') ? res.send : undefined;
  res.send = express.response.send;
  const problem = toProblem(error);
  if (surface === 'graphql') {
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
    sendGraphQLError(res, problem.status, problem.detail, problem.code);
  } else if (surface === 'oauth') sendOAuthError(res, problem, error);
  else sendProblem(res, problem, error);
  if (wrapped) res.send = wrapped;
  const ignored = res as unknown as Record<(typeof WRITERS)[number], unknown>;
  for (const name of WRITERS)
    ignored[name] = name === 'write' ? () => true : name === 'end' ? endIgnored(res) : () => res;
  // Every layer goes on as if nothing had been sent (its writes go nowhere): a layer that skips its work once
  // headers are out (the response validator's json hook) would otherwise also skip the idempotency
  // middleware's res.send, leaving the key claimed, so that a retry got 409 until it was abandoned.
  Object.defineProperty(res, 'headersSent', { get: () => false, configurable: true });
}

/** res.end that writes nothing but still calls its callback (a stream piped into the response waits on it). */
function endIgnored(res: Response) {
  return (...args: unknown[]) => {
    const callback = args.find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
    return res;
  };
}
