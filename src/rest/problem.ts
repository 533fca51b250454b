import type { NextFunction, Request, Response } from 'express';
import { DomainError, STATUS_OF, TITLE_OF, type ErrorCode, type FieldError } from '../common/errors.js';
import { unavailableOf, type DatabaseWatch } from '../db/outage.js';
import { overloadedWhenPoolTimedOut } from '../db/pool-timeout.js';
import { bearerChallenge } from '../http/bearer-challenge.js';
import { withPlusHint } from './plus-hint.js';
import { MethodNotAllowed, NoSuchEndpoint } from './route-errors.js';
import { UndocumentedAnswer } from './response-validation.js';

// The one REST error mapping (RFC 9457 problem+json, docs/contract.md "Conventions"). Domain errors keep their code;
// body-parser errors and requests the document does not describe are translated; anything else is a 500 that
// says nothing about the inside (stack, SQL, secrets go to the log only).

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
}

function problem(code: ErrorCode, detail: string, errors?: FieldError[], status = STATUS_OF[code]): Problem {
  return {
    type: `https://order-hub.dev/problems/${code.replace(/_/g, '-')}`,
    title: TITLE_OF[code],
    status,
    detail,
    code,
    ...(errors?.length ? { errors } : {}),
  };
}

function fromRouteError(err: unknown): Problem | null {
  if (err instanceof NoSuchEndpoint) return problem('not_found', err.message);
  if (err instanceof MethodNotAllowed) return problem('not_found', err.message, undefined, 405);
  if (err instanceof UndocumentedAnswer) return problem('internal', err.message);
  return null;
}

interface BodyParserError {
  type: string;
  status: number;
  limit?: number;
}

function fromBodyParser(err: BodyParserError): Problem | null {
  switch (err.type) {
    case 'entity.too.large':
      return problem('payload_too_large', `The body is larger than the limit of ${err.limit} bytes`);
    case 'entity.parse.failed':
      return problem('validation_failed', 'The body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problem('unsupported_media_type', 'Unsupported body encoding');
    default:
      return null;
  }
}

export function toProblem(err: unknown): Problem {
  if (err instanceof DomainError) return problem(err.code, err.message, err.errors);
  const unavailable = unavailableOf(err);
  if (unavailable) return problem(unavailable.code, unavailable.message);
  const parsed = typeof (err as BodyParserError)?.type === 'string' ? fromBodyParser(err as BodyParserError) : null;
  if (parsed) return parsed;
  const routeProblem = fromRouteError(err);
  if (routeProblem) return routeProblem;
  return problem('internal', 'An unexpected error occurred');
}

/** Errors from below the services told apart before they are answered: a pool acquire timeout is 503 overloaded. */
export function edgeError(err: unknown, options: EdgeErrorOptions): unknown {
  return overloadedWhenPoolTimedOut(err, options.overloadRetryAfterSeconds, options.database);
}

export interface EdgeErrorOptions {
  /** Retry-After of a 503 overloaded (OVERLOAD_RETRY_AFTER_SECONDS). */
  overloadRetryAfterSeconds: number;
  /** Whether the database answers: a pool acquire timeout meanwhile is database_unavailable. */
  database?: DatabaseWatch;
}

/** The headers an error answer carries whatever its shape: the bearer challenge, Retry-After of a 503. */
function errorHeaders(res: Response, err: unknown): void {
  const challenge = bearerChallenge(err);
  if (challenge) res.setHeader('WWW-Authenticate', challenge);
  const unavailable = unavailableOf(err);
  if (unavailable) res.setHeader('Retry-After', String(unavailable.retryAfterSeconds));
}

export function sendProblem(res: Response, body: Problem, err?: unknown): void {
  errorHeaders(res, err);
  res.status(body.status).type('application/problem+json').send(JSON.stringify(body));
}

/**
 * The same answer in OAuth's error shape ({error, error_description}, as oidc-provider answers everything
 * else under /oauth2): what is refused before the provider runs (admission's 503 overloaded, a database
 * outage in front of it) reaches OAuth clients in the shape they read.
 */
export function sendOAuthError(res: Response, body: Problem, err?: unknown): void {
  errorHeaders(res, err);
  res.status(body.status).json({ error: body.code, error_description: body.detail });
}

/**
 * The REST error handler; a database outage is reported to `database` (one warning per outage) instead of
 * logged per request. `send` writes the answer (problem+json unless told otherwise).
 */
export function problemHandler(
  database?: DatabaseWatch,
  options: EdgeErrorOptions = { overloadRetryAfterSeconds: 1 },
  send = sendProblem,
) {
  // Express recognises error handlers by their four parameters.
  return (raw: unknown, req: Request, res: Response, _next: NextFunction) => {
    const err = edgeError(raw, { ...options, database });
    const body = withPlusHint(toProblem(err), req.query);
    if (body.code === 'database_unavailable') database?.report(err);
    else if (body.status >= 500 && body.code !== 'overloaded') res.locals.log?.error({ err }, 'request failed');
    if (res.headersSent) return;
    send(res, body, err);
  };
}
