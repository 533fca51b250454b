import { Migration } from '@mikro-orm/migrations';

// Which deliveries a hub process is sending (src/delivery-engine/reclaim.ts: a dead process's work handed back,
// a live one's orphans): only DELIVERING rows need finding by claimed_by. The old index on claimed_by held an
// entry for every version of every row, NULL included, so each insert, claim and recorded outcome wrote one
// more entry, and the entries a process's claims left behind piled up until VACUUM (the outcome recording read
// through them: record-outcomes.ts). This one holds only the versions that are DELIVERING, written once per
// attempt. A plain build, as the other delivery indexes' were (migrations run all or nothing, in one
// transaction): it holds off inserts into the delivery log for one pass over it.

export class Migration20261125233000_deliveries_delivering_by_process extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "deliveries_claimed_by_index";`);
    this.addSql(
      `create index "deliveries_delivering_by_process" on "deliveries" ("claimed_by") where "status" = 'DELIVERING';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deliveries_delivering_by_process";`);
    this.addSql(`create index "deliveries_claimed_by_index" on "deliveries" ("claimed_by");`);
  }
}
