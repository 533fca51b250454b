import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { DomainError, STATUS_OF, type ErrorCode } from '../common/errors.js';

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

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.errors ? { errors: original.errors } : {}) },
    };
  }
  const apolloCode = String(formatted.extensions?.code ?? '');
  // Errors raised as GraphQLError with a contract code already (authentication in the context function).
  const known = APOLLO_TO_CONTRACT[apolloCode] ?? (apolloCode in STATUS_OF && apolloCode !== 'internal' ? (apolloCode as ErrorCode) : undefined);
  if (known) return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: known } };
  return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'internal' } };
}
