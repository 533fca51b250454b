import { Migration } from '@mikro-orm/migrations';

// The event feed (GET /v1/events): every event the hub has for an application, with or without a URL to send it
// to, in the order (writing transaction, position) that src/delivery-engine/application-event.entity.ts explains.

export class Migration20261126110000_application_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "application_events" (
      "position" bigserial primary key,
      "xid" xid8 not null default pg_current_xact_id(),
      "application_id" uuid not null,
      "event_id" uuid not null,
      "event_type" text not null,
      "created_at" timestamptz not null default now(),
      "payload" json not null,
      "credentials_sealed" text null);`);
    this.addSql(
      `create index "application_events_feed" on "application_events" ("application_id", "xid", "position");`,
    );
    this.addSql(`create index "application_events_created_at" on "application_events" using brin ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "application_events";`);
  }
}
