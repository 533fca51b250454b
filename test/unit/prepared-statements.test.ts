import type pg from 'pg';
import { prepared, useUnnamedStatements } from '../../src/delivery-engine/prepared.js';

describe('the delivery worker prepared statements', () => {
  it('names a statement on a PostgreSQL pool, so the server plans it once per connection', () => {
    const pool = {} as pg.Pool;
    expect(prepared(pool, 'claim-batch', 'select $1::int', [1])).toEqual({
      name: 'hub-claim-batch',
      text: 'select $1::int',
      values: [1],
    });
  });

  it('leaves it unnamed on the embedded PGlite, whose connections share one session', () => {
    const pool = {} as pg.Pool;
    useUnnamedStatements(pool);
    expect(prepared(pool, 'claim-batch', 'select $1::int', [1])).toEqual({ text: 'select $1::int', values: [1] });
  });
});
