import { Migration } from '@mikro-orm/migrations';

// Where each attempt went: a delivery is sent to its application's current URL (src/delivery-engine/partner-urls.ts),
// so one delivery's attempts may go to several URLs. Null for attempts recorded before it was kept.

export class Migration20261128035222_delivery_attempt_url extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "delivery_attempts" add column "url" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "delivery_attempts" drop column "url";`);
  }
}
