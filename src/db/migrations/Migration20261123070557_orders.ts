import { Migration } from '@mikro-orm/migrations';

export class Migration20261123070557_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "orders" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "account_id" uuid not null, "application_id" uuid not null, "connection_id" uuid null, "client_id" text not null, "source_name" text not null, "external_id" text not null, "status" text check ("status" in ('NEW', 'ACCEPTED', 'REJECTED', 'PREPARING', 'READY', 'COMPLETED', 'CANCELLED')) not null default 'NEW', "cancellation_reason" text null, "cancelled_by" text null, "accepted_at" timestamptz null, "rejected_at" timestamptz null, "completed_at" timestamptz null, "cancelled_at" timestamptz null, "status_history" jsonb not null, "details" jsonb not null, "location_snapshot" jsonb not null, constraint "orders_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "orders_location_id_status_created_at_id_index" on "orders" ("location_id", "status", "created_at", "id");`,
    );
    this.addSql(
      `create index "orders_location_id_created_at_id_index" on "orders" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_application_id_external_id_unique" unique ("application_id", "external_id");`,
    );

    this.addSql(
      `alter table "orders" add constraint "orders_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders" cascade;`);
  }
}
