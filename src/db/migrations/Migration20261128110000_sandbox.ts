import { Migration } from '@mikro-orm/migrations';

// The built-in sandbox partners (src/modules/sandbox): applications marked `sandbox`, and what the sandbox
// marketplace last received of each kind at each connection, for the UI to show.

export class Migration20261128110000_sandbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "applications" add column "sandbox" boolean not null default false;`);
    this.addSql(`create table "sandbox_receipts" (
      "id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "connection_id" uuid not null, "location_id" uuid not null, "event_type" text not null, "event_id" uuid not null,
      "body" json not null,
      constraint "sandbox_receipts_pkey" primary key ("id"));`);
    this.addSql(
      `alter table "sandbox_receipts" add constraint "sandbox_receipts_connection_id_event_type_unique" unique ("connection_id", "event_type");`,
    );
    this.addSql(`create index "sandbox_receipts_location_id_index" on "sandbox_receipts" ("location_id");`);
    this.addSql(
      `alter table "sandbox_receipts" add constraint "sandbox_receipts_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_receipts";`);
    this.addSql(`alter table "applications" drop column "sandbox";`);
  }
}
