import { Migration } from '@mikro-orm/migrations';

// The request that caused a delivery (its X-Request-Id and W3C trace), sent on to the partner with every
// attempt and shown in the delivery log.
export class Migration20261123220000_delivery_request_trace extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "deliveries" add column "request_id" text null, add column "trace" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "deliveries" drop column "request_id", drop column "trace";`);
  }
}
