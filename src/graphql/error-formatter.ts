import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, STATUS_OF, type ErrorCode } from '../common/errors.js';
import { overloadedWhenPoolTimedOut } from '../db/pool-timeout.js';
import { unavailableOf } from '../db/outage.js';

// The one GraphQL error mapping: extensions.code carries the codes of CONTRACT section 1. GraphQL's own
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
function knownCode(formatted: GraphQLFormattedError, error: unknown): ErrorCode | undefined {
  const original = asDomainError(error);
  if (original instanceof DomainError) return original.code;
  // A validation rule's own contract code (query_too_complex), under the code Apollo gives every validation error.
  const ruleCode = error instanceof GraphQLError && error.originalError instanceof GraphQLError ? String(error.originalError.extensions?.code ?? '') : '';
  if (ruleCode in STATUS_OF && ruleCode !== 'internal') return ruleCode as ErrorCode;
  const apolloCode = String(formatted.extensions?.code ?? '');
  // Errors raised as GraphQLError with a contract code already (authentication in the context function).
  return APOLLO_TO_CONTRACT[apolloCode] ?? (apolloCode in STATUS_OF && apolloCode !== 'internal' ? (apolloCode as ErrorCode) : undefined);
}

/** True for an error that answers `internal`: the ones to log, as REST logs its 500s. */
export function isUnexpected(error: GraphQLError): boolean {
  return knownCode(error, error) === undefined;
}

/** The resolver's error, a database outage or a pool acquire timeout taken as their 503s (over GraphQL the code says it). */
function asDomainError(error: unknown): unknown {
  const original = unwrapResolverError(error);
  return unavailableOf(original) ?? overloadedWhenPoolTimedOut(original, 1);
}

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = asDomainError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.errors ? { errors: original.errors } : {}) },
    };
  }
  const known = knownCode(formatted, error);
  // What the hub's own errors add beside the code (query_too_complex: cost, limit) stays.
  if (known) return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { ...formatted.extensions, code: known } };
  return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'internal' } };
}
