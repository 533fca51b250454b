import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090003_pending_by_endpoint extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "deliveries_pending_by_endpoint" on "deliveries" ("endpoint", "created_at") where "status" = 'PENDING' and not "held";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deliveries_pending_by_endpoint";`);
  }
}
