import { Migration } from '@mikro-orm/migrations';

// The queue by endpoint (src/delivery-engine/claim.ts, CLAIM_BY_ENDPOINT_SQL): when the longest-due rows
// belong to endpoints a claim cannot take from (a slow partner at its limit with a backlog), the claim goes
// endpoint by endpoint through this index instead of reading past that backlog. Same predicate as
// deliveries_due, so a row is in both exactly while it is queued. A plain build, as deliveries_due's was
// (migrations run all or nothing, in one transaction): it holds off inserts into the delivery log for as long as
// one pass over it takes.

export class Migration20261125071500_deliveries_due_by_endpoint extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "deliveries_due_by_endpoint" on "deliveries" ("endpoint", (coalesce("next_attempt_at", "created_at"))) where "status" = 'PENDING' and not "held";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deliveries_due_by_endpoint";`);
  }
}
