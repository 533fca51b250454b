import { UnavailableError } from '../../src/common/errors.js';
import { isDatabaseUnavailable, unavailableOf } from '../../src/db/outage.js';

// Which failures are a database outage (503 database_unavailable), as node-postgres, knex and MikroORM
// report them; anything else stays what it is.

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'the server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['the server starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a connection dropped mid-query', new Error('select 1 - Connection terminated unexpectedly')],
    [
      'a cause wrapped by MikroORM',
      Object.assign(new Error('driver error'), { previous: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    ],
    ['a message a library logged', new Error('Failed to acquire job: connect ECONNREFUSED 10.0.0.1:5432')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['no error at all', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('unavailableOf', () => {
  it('answers an outage with database_unavailable and a Retry-After, keeps an UnavailableError, and leaves the rest', () => {
    const outage = unavailableOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    expect(outage?.code).toBe('database_unavailable');
    expect(outage?.status).toBe(503);
    expect(outage?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const given = new UnavailableError('database_unavailable', 'later', 7);
    expect(unavailableOf(given)).toBe(given);
    expect(unavailableOf(new Error('boom'))).toBeUndefined();
  });
});
