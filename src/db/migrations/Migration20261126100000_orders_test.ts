import { Migration } from '@mikro-orm/migrations';

// Test orders (placed by the sandbox marketplace) flow like any other order but never count in a figure:
// every report, summary and metric leaves out `test`. A constant default: no table rewrite.

export class Migration20261126100000_orders_test extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "test" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "test";`);
  }
}
