import { Migration } from '@mikro-orm/migrations';

export class Migration20261125004800_delivered_retention_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "deliveries_delivered_at" on "deliveries" ("delivered_at") where "status" = 'DELIVERED';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deliveries_delivered_at";`);
  }
}
