import { GraphQLError } from 'graphql';
import { NotFoundError } from '../../src/common/errors.js';
import { formatError, isUnexpected } from '../../src/graphql/error-formatter.js';

// Which GraphQL errors answer `internal` (and are logged with their cause) and which carry a contract code.

const fromResolver = (cause: Error) => new GraphQLError(cause.message, { originalError: cause, path: ['orders'] });

it('logs what it answers as internal, and only that', () => {
  const database = fromResolver(new Error('column o0.count(*) does not exist'));
  expect(isUnexpected(database)).toBe(true);
  expect(formatError(database, database)).toEqual({ message: 'An unexpected error occurred', path: ['orders'], extensions: { code: 'internal' } });

  const notFound = fromResolver(new NotFoundError('Order'));
  expect(isUnexpected(notFound)).toBe(false);
  expect(formatError(notFound, notFound).extensions).toEqual({ code: 'not_found' });

  const invalid = new GraphQLError('Cannot query field "nope"', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  expect(isUnexpected(invalid)).toBe(false);
  expect(formatError(invalid, invalid).extensions).toEqual({ code: 'validation_failed' });
});
