import type pg from 'pg';

// graphile-worker's add_jobs (behind add_job, which the order placement's statement calls for an order with an
// acceptance deadline, src/modules/orders/order-insert.ts, and schedule() for the rest of the timed work) runs its
// statements with custom plans: PostgreSQL plans the job insert afresh on every call, because the generic plan
// of a query over unnest() of an argument never looks cheaper. Measured with pg_stat_statements in the orders
// bench when every placement added a job: the insert was planned 1,486 times in 1,476 calls, 0.24 ms of planning
// against 0.08 ms of execution, and add_job was 60 % of the order placement's own statement. With generic plans,
// 2,000 add_job calls take 112 ms instead of 538 ms.
//
// The setting is attached to the functions themselves, so it applies wherever they are called from (the
// ORM's connections, the worker's) and nowhere else. graphile-worker's migrations recreate a function when
// they change it, which drops the setting: it is checked and, if missing, applied again after them at every
// start (src/db/database.ts, under the migration lock, so two processes starting at once never both alter it).

const TUNED_FUNCTIONS = ['add_job', 'add_jobs'];
const SETTING = 'plan_cache_mode=force_generic_plan';

/** One statement; it alters only the functions that lack the setting. */
const USE_GENERIC_PLANS_SQL = `
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_proc p
     where p.pronamespace = 'graphile_worker'::regnamespace
       and p.proname = any(array['${TUNED_FUNCTIONS.join("','")}'])
       and not coalesce('${SETTING}' = any(p.proconfig), false)
  loop
    execute format('alter function %s set plan_cache_mode = force_generic_plan', fn);
  end loop;
end
$$`;

/** Gives graphile-worker's job functions generic plans; runs after its migrations, which create them. */
export async function useGenericPlansForJobFunctions(pool: pg.Pool): Promise<void> {
  await pool.query(USE_GENERIC_PLANS_SQL);
}
