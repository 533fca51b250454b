import { GraphQLError } from 'graphql';
import { NotFoundError } from '../../src/common/errors.js';
import { formatError, isUnexpected, type EdgeFacts } from '../../src/graphql/error-formatter.js';
import { unavailableAs503 } from '../../src/graphql/unavailable-as-503.js';

// Which GraphQL errors answer `internal` (and are logged with their cause) and which carry a contract code.

const fromResolver = (cause: Error) => new GraphQLError(cause.message, { originalError: cause, path: ['orders'] });

it('logs what it answers as internal, and only that', () => {
  const database = fromResolver(new Error('column o0.count(*) does not exist'));
  expect(isUnexpected(database)).toBe(true);
  expect(formatError(database, database)).toEqual({
    message: 'An unexpected error occurred',
    path: ['orders'],
    extensions: { code: 'internal' },
  });

  const notFound = fromResolver(new NotFoundError('Order'));
  expect(isUnexpected(notFound)).toBe(false);
  expect(formatError(notFound, notFound).extensions).toEqual({ code: 'not_found' });

  const invalid = new GraphQLError('Cannot query field "nope"', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  expect(isUnexpected(invalid)).toBe(false);
  expect(formatError(invalid, invalid).extensions).toEqual({ code: 'validation_failed' });
});

describe('a resolver that waited too long for a pooled connection', () => {
  // What knex rejects with when DATABASE_ACQUIRE_TIMEOUT_MS runs out (src/db/pool-timeout.ts).
  const timedOut = () =>
    fromResolver(
      new Error(
        'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?',
      ),
    );
  const answer = async (facts: EdgeFacts) => {
    const error = timedOut();
    const response = { http: { status: undefined as number | undefined, headers: new Map<string, string>() } };
    const hooks = await unavailableAs503(facts).requestDidStart!({} as never);
    await hooks!.willSendResponse!({ errors: [error], response } as never);
    return {
      code: formatError(error, error, facts).extensions?.code,
      status: response.http.status,
      retryAfter: response.http.headers.get('retry-after'),
    };
  };

  it('answers 503 overloaded with the configured Retry-After while the database answers, as REST does', async () => {
    expect(await answer({ database: { down: false }, overloadRetryAfterSeconds: 7 })).toEqual({
      code: 'overloaded',
      status: 503,
      retryAfter: '7',
    });
  });

  it('answers 503 database_unavailable while the database does not answer (a partition holds every connection)', async () => {
    expect(await answer({ database: { down: true }, overloadRetryAfterSeconds: 7 })).toEqual({
      code: 'database_unavailable',
      status: 503,
      retryAfter: expect.any(String),
    });
  });

  it('leaves an answer without such an error alone', async () => {
    const response = { http: { status: undefined as number | undefined, headers: new Map<string, string>() } };
    const hooks = await unavailableAs503({ overloadRetryAfterSeconds: 7 }).requestDidStart!({} as never);
    await hooks!.willSendResponse!({ errors: [fromResolver(new NotFoundError('Order'))], response } as never);
    expect(response.http.status).toBeUndefined();
  });
});
