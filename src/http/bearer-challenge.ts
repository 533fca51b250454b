import { InsufficientScopeError, UnauthorizedError } from '../common/errors.js';

/**
 * The WWW-Authenticate header of RFC 6750 section 3 for an error, the same on /v1 and /graphql: a request
 * with no token is told only the scheme (section 3.1: no error code when no credentials were sent); an
 * invalid or expired token gets invalid_token; a missing scope names it.
 */
export function bearerChallenge(err: unknown): string | undefined {
  if (err instanceof UnauthorizedError) return err.tokenGiven ? 'Bearer error="invalid_token"' : 'Bearer';
  if (err instanceof InsufficientScopeError) return `Bearer error="insufficient_scope", scope="${err.scope}"`;
  return undefined;
}
