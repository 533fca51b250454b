import { runMigrations } from '../../src/db/database.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';

// graphile-worker's add_job and add_jobs run with generic plans (src/scheduler/graphile-plans.ts): the setting
// is on the functions after every start, comes back when a graphile-worker migration has recreated a function
// without it, and the functions still add jobs.

const TUNED = ['add_job', 'add_jobs'];

describe('graphile-worker job functions use generic plans', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.url);
  });
  afterAll(() => db.drop());

  async function settings(): Promise<Record<string, string[] | null>> {
    const rows = await query<{ proname: string; proconfig: string[] | null }>(
      db.url,
      `select proname, proconfig from pg_proc where pronamespace = 'graphile_worker'::regnamespace and proname = any($1)`,
      [TUNED],
    );
    return Object.fromEntries(rows.map((row) => [row.proname, row.proconfig]));
  }

  it('sets plan_cache_mode on add_job and add_jobs when the schema is installed', async () => {
    expect(await settings()).toEqual({
      add_job: ['plan_cache_mode=force_generic_plan'],
      add_jobs: ['plan_cache_mode=force_generic_plan'],
    });
  });

  it('sets it again at the next start when a function has lost it, and leaves the others alone', async () => {
    // What a graphile-worker upgrade does when it recreates a function with CREATE OR REPLACE.
    await query(
      db.url,
      `alter function graphile_worker.add_jobs(graphile_worker.job_spec[], boolean) reset plan_cache_mode`,
    );
    expect((await settings()).add_jobs).toBeNull();
    await runMigrations(db.url);
    expect(await settings()).toEqual({
      add_job: ['plan_cache_mode=force_generic_plan'],
      add_jobs: ['plan_cache_mode=force_generic_plan'],
    });
  });

  it('still adds jobs', async () => {
    const [added] = await query<{ id: string }>(
      db.url,
      `select id from graphile_worker.add_job('plans-test', json_build_object('n', 1), flags => array['http://127.0.0.1:9'])`,
    );
    const [job] = await query<{ id: string; task_identifier: string; flags: Record<string, boolean> }>(
      db.url,
      'select id, task_identifier, flags from graphile_worker.jobs where id = $1',
      [added.id],
    );
    expect(job).toMatchObject({ task_identifier: 'plans-test', flags: { 'http://127.0.0.1:9': true } });
    await query(db.url, 'select graphile_worker.complete_jobs(array[$1::bigint])', [job.id]);
  });
});
