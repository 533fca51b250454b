import { Migration } from '@mikro-orm/migrations';

// A location's order settings (src/modules/order-settings): how long a new order may wait to be accepted and
// what the hub does then, and how long a partner's deliveries may fail before the location is told in words.

export class Migration20261128120000_acceptance_deadline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "locations" add column "acceptance_deadline_minutes" int null,
      add column "after_deadline" text not null default 'NOTHING',
      add column "delivery_alert_minutes" int not null default 15;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "locations" drop column "acceptance_deadline_minutes", drop column "after_deadline",
      drop column "delivery_alert_minutes";`);
  }
}
