import { Migration } from '@mikro-orm/migrations';

// The deliveries table becomes its own queue: a due delivery is found through a partial index
// and claimed with SKIP LOCKED, workers are woken by a NOTIFY that every insert sends, and a retry is simply
// a PENDING row with a later next_attempt_at. The graphile-worker job each delivery had (job_id, job_seq)
// and the jobs themselves go: they bookkept the same state twice.

export class Migration20261125031000_deliveries_own_queue extends Migration {
  override async up(): Promise<void> {
    // In due order: what a claim reads, oldest first. The same predicate as the index it replaces, which
    // the queue figures (depth, oldest) also read.
    this.addSql(
      `create index "deliveries_due" on "deliveries" ((coalesce("next_attempt_at", "created_at"))) where "status" = 'PENDING' and not "held";`,
    );
    this.addSql(`drop index "deliveries_pending_by_endpoint";`);
    // One NOTIFY per inserting statement (PostgreSQL sends it at commit, drops it on rollback, and folds
    // repeats within a transaction into one), whichever path wrote the rows: the outbox's inserts, a
    // placement's CTE. Updates that make a row due (replay, hand-back) notify themselves.
    this.addSql(`create function "hub_deliveries_due_notify"() returns trigger language plpgsql as $$
begin
  perform pg_notify('hub_deliveries_due', '');
  return null;
end
$$;`);
    this.addSql(
      `create trigger "deliveries_due_notify" after insert on "deliveries" for each statement execute function "hub_deliveries_due_notify"();`,
    );
    // The old jobs would find no job_seq to match and do nothing; they are removed rather than left to run.
    this.addSql(`do $$
begin
  if to_regclass('graphile_worker._private_jobs') is not null then
    delete from graphile_worker._private_jobs where task_id in (select id from graphile_worker._private_tasks where identifier = 'deliver');
  end if;
end
$$;`);
    this.addSql(`alter table "deliveries" drop column "job_seq", drop column "job_id";`);
    // Set by an enqueuer on the unfinished deliveries of a chain it holds a new one behind: recording such a
    // delivery as finished releases the next one (record-outcomes.ts); any other is recorded without the
    // chain's lock. Rows already waiting in a chain are marked so that no release is missed across the upgrade.
    this.addSql(`alter table "deliveries" add column "successor_waiting" boolean not null default false;`);
    this
      .addSql(`update "deliveries" d set "successor_waiting" = true where d."status" in ('PENDING', 'DELIVERING') and d."ordering_key" is not null
      and exists (select 1 from "deliveries" h where h."ordering_key" = d."ordering_key" and h."url" = d."url" and h."held");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "deliveries" drop column "successor_waiting";`);
    this.addSql(
      `alter table "deliveries" add column "job_seq" int not null default 0, add column "job_id" bigint null;`,
    );
    this.addSql(`drop trigger "deliveries_due_notify" on "deliveries";`);
    this.addSql(`drop function "hub_deliveries_due_notify"();`);
    this.addSql(
      `create index "deliveries_pending_by_endpoint" on "deliveries" ("endpoint", "created_at") where "status" = 'PENDING' and not "held";`,
    );
    this.addSql(`drop index "deliveries_due";`);
  }
}
