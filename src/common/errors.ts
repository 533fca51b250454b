// Domain errors with the stable codes of docs/contract.md "Conventions". Services throw them; each surface maps them
// once: problem+json for REST (rest/problem.ts), extensions.code for GraphQL (graphql/error-formatter.ts).

export interface FieldError {
  /** JSON path of the offending value, e.g. /taxRates/0/rate */
  path: string;
  message: string;
}

export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'insufficient_scope'
  | 'not_found'
  | 'conflict'
  | 'invalid_transition'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  /** GraphQL only: an operation over its cost, alias, operation or answer-size limit (docs/contract.md "GraphQL"). */
  | 'query_too_complex'
  | 'partner_error'
  | 'partner_timeout'
  | 'database_unavailable'
  | 'overloaded'
  | 'internal';

export const STATUS_OF: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  query_too_complex: 400,
  partner_error: 502,
  partner_timeout: 504,
  database_unavailable: 503,
  overloaded: 503,
  internal: 500,
};

export const TITLE_OF: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  unauthorized: 'Unauthorized',
  insufficient_scope: 'Insufficient scope',
  not_found: 'Not found',
  conflict: 'Conflict',
  invalid_transition: 'Invalid status transition',
  idempotency_key_reused: 'Idempotency key reused',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  query_too_complex: 'Query too complex',
  partner_error: 'Partner error',
  partner_timeout: 'Partner timeout',
  database_unavailable: 'Database unavailable',
  overloaded: 'Overloaded',
  internal: 'Internal error',
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

/** The most field errors one answer names. */
export const MAX_REPORTED_ERRORS = 100;
const SHOWN_IN_MESSAGE = 10;

export class ValidationError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super('validation_failed', message, errors);
  }

  /** One bad field: the message names it. */
  static field(path: string, message: string): ValidationError {
    return new ValidationError(`${path}: ${message}`, [{ path, message }]);
  }

  /**
   * Every bad field at once, each named in the message. An answer names at most MAX_REPORTED_ERRORS of them and
   * its message the first ten: a 10,000-product import with one systematic mistake stays readable.
   */
  static fields(errors: FieldError[]): ValidationError {
    const reported = errors.slice(0, MAX_REPORTED_ERRORS);
    const shown = reported
      .slice(0, SHOWN_IN_MESSAGE)
      .map((e) => `${e.path}: ${e.message}`)
      .join('; ');
    const more = errors.length > SHOWN_IN_MESSAGE ? ` (and ${errors.length - SHOWN_IN_MESSAGE} more)` : '';
    return new ValidationError(shown + more, reported);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('not_found', `${what} not found`);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class UnauthorizedError extends DomainError {
  /** false when the request carried no token at all: RFC 6750 section 3.1 then wants no error code. */
  constructor(
    message = 'A valid bearer token is required',
    readonly tokenGiven = true,
  ) {
    super('unauthorized', message);
  }
}

export class InsufficientScopeError extends DomainError {
  constructor(readonly scope: string) {
    super('insufficient_scope', `This operation needs the scope "${scope}"`);
  }
}

/** A partner's server answered with an error or could not be reached (502). */
export class PartnerError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super('partner_error', message, errors);
  }
}

/** A partner's server did not answer in time (504). */
export class PartnerTimeoutError extends DomainError {
  constructor(message: string) {
    super('partner_timeout', message);
  }
}

/**
 * The hub cannot serve this now but will soon (503 with Retry-After): the database is unreachable, or (issue
 * 18) the hub is overloaded. Each surface sends `retryAfterSeconds` as Retry-After.
 */
export class UnavailableError extends DomainError {
  constructor(
    code: 'database_unavailable' | 'overloaded',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}
