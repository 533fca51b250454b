import { Migration } from '@mikro-orm/migrations';

export class Migration20261123132358_orders_by_location_updated extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "orders_location_id_updated_at_index" on "orders" ("location_id", "updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "orders_location_id_updated_at_index";`);
  }
}
