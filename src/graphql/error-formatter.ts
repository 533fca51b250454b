import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, STATUS_OF, UnavailableError, type ErrorCode } from '../common/errors.js';
import { overloadedWhenPoolTimedOut } from '../db/pool-timeout.js';
import { unavailableOf } from '../db/outage.js';

// The one GraphQL error mapping: extensions.code carries the codes of docs/contract.md "Conventions". GraphQL's own
// parse and validation errors (wrong types, unknown fields) are validation_failed. Anything unexpected is
// "internal" with no detail.

const APOLLO_TO_CONTRACT: Record<string, ErrorCode> = {
  GRAPHQL_PARSE_FAILED: 'validation_failed',
  GRAPHQL_VALIDATION_FAILED: 'validation_failed',
  BAD_USER_INPUT: 'validation_failed',
  BAD_REQUEST: 'validation_failed',
  PERSISTED_QUERY_NOT_FOUND: 'validation_failed',
  PERSISTED_QUERY_NOT_SUPPORTED: 'validation_failed',
  OPERATION_RESOLUTION_FAILURE: 'validation_failed',
};

/** The contract code an error maps to; undefined for one the hub did not expect (a 500 over REST). */
function knownCode(
  formatted: GraphQLFormattedError,
  error: unknown,
  facts: EdgeFacts = UNKNOWN_FACTS,
): ErrorCode | undefined {
  const original = asDomainError(error, facts);
  if (original instanceof DomainError) return original.code;
  // A validation rule's own contract code (query_too_complex), under the code Apollo gives every validation error.
  const ruleCode =
    error instanceof GraphQLError && error.originalError instanceof GraphQLError
      ? String(error.originalError.extensions?.code ?? '')
      : '';
  if (ruleCode in STATUS_OF && ruleCode !== 'internal') return ruleCode as ErrorCode;
  const apolloCode = String(formatted.extensions?.code ?? '');
  // Errors raised as GraphQLError with a contract code already (authentication in the context function).
  return (
    APOLLO_TO_CONTRACT[apolloCode] ??
    (apolloCode in STATUS_OF && apolloCode !== 'internal' ? (apolloCode as ErrorCode) : undefined)
  );
}

/** True for an error that answers `internal`: the ones to log, as REST logs its 500s. */
export function isUnexpected(error: GraphQLError): boolean {
  return knownCode(error, error) === undefined;
}

/** What the edge knows beside the error: whether the database answers, and the Retry-After of `overloaded`. */
export interface EdgeFacts {
  database?: { readonly down: boolean };
  overloadRetryAfterSeconds: number;
}

const UNKNOWN_FACTS: EdgeFacts = { overloadRetryAfterSeconds: 1 };

/**
 * The 503 an operation's error stands for, as REST answers it (src/rest/problem.ts): a database outage, or a
 * pool acquire timeout, which is `overloaded` unless the database does not answer at all (a partition holds
 * every pooled connection), and then `database_unavailable`. Undefined for any other error.
 */
export function unavailableAnswer(error: unknown, facts: EdgeFacts): UnavailableError | undefined {
  const original = unwrapResolverError(error);
  const known = unavailableOf(original);
  if (known) return known;
  const timedOut = overloadedWhenPoolTimedOut(original, facts.overloadRetryAfterSeconds, facts.database);
  return timedOut instanceof UnavailableError ? timedOut : undefined;
}

/** The resolver's error, or the 503 it stands for (over GraphQL the code says it). */
function asDomainError(error: unknown, facts: EdgeFacts): unknown {
  return unavailableAnswer(error, facts) ?? unwrapResolverError(error);
}

/** Apollo's formatError (and the WebSocket server's) for an edge that knows these facts. */
export function errorFormatter(
  facts: EdgeFacts,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => formatError(formatted, error, facts);
}

export function formatError(
  formatted: GraphQLFormattedError,
  error: unknown,
  facts: EdgeFacts = UNKNOWN_FACTS,
): GraphQLFormattedError {
  const original = asDomainError(error, facts);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.errors ? { errors: original.errors } : {}) },
    };
  }
  const known = knownCode(formatted, error, facts);
  // What the hub's own errors add beside the code (query_too_complex: cost, limit) stays.
  if (known)
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { ...formatted.extensions, code: known },
    };
  return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'internal' } };
}
