import type { NextFunction, Request, Response } from 'express';
import { DomainError, STATUS_OF, TITLE_OF, type ErrorCode, type FieldError } from '../common/errors.js';
import { unavailableOf, type DatabaseWatch } from '../db/outage.js';
import { overloadedWhenPoolTimedOut } from '../db/pool-timeout.js';
import { bearerChallenge } from '../http/bearer-challenge.js';
import { withPlusHint } from './plus-hint.js';

// The one REST error mapping (RFC 9457 problem+json, CONTRACT section 1). Domain errors keep their code;
// body-parser and OpenAPI validator errors are translated; anything else is a 500 that says nothing about
// the inside (stack, SQL, secrets go to the log only).

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

interface ValidatorError {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors)
  );
}

/** "/body/taxRates/0/rate" → "/taxRates/0/rate"; "/query/limit" → "limit" */
function fieldPath(path: string): string {
  if (path.startsWith('/body')) return path.slice('/body'.length) || '/';
  return path.replace(/^\/(query|path|headers)\//, '');
}

function fromValidator(err: ValidatorError): Problem {
  switch (err.status) {
    case 400: {
      const errors = (err.errors ?? []).map((e) => ({ path: fieldPath(e.path), message: e.message }));
      return problem(
        'validation_failed',
        errors.map((e) => `${e.path} ${e.message}`).join('; ') || err.message,
        errors,
      );
    }
    case 404:
      return problem('not_found', 'No such endpoint');
    case 405:
      return problem('not_found', `Method not allowed on this endpoint`, undefined, 405);
    case 413:
      return problem('payload_too_large', err.message);
    case 415:
      return problem('unsupported_media_type', 'Send the body as application/json');
    default:
      return problem('internal', 'The request could not be processed');
  }
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
  if (isValidatorError(err)) return fromValidator(err);
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
