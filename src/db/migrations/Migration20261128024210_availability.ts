import { Migration } from '@mikro-orm/migrations';

// Availability (src/modules/availability, src/modules/catalog/snooze.service.ts): weekly opening hours of a
// location and of a marketplace connection in its place, holiday closures, busy mode on the location, and a
// snooze end on products and modifiers with a partial index for the few that have one. Every new column is
// nullable without a default: no table rewrite.

export class Migration20261128024210_availability extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "holiday_closures" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "reason" text null, constraint "holiday_closures_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "holiday_closures_location_id_ends_at_index" on "holiday_closures" ("location_id", "ends_at");`,
    );

    this.addSql(
      `create table "opening_hours" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "connection_id" uuid null, "ranges" jsonb not null, constraint "opening_hours_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "opening_hours_location_id_index" on "opening_hours" ("location_id");`);

    this.addSql(
      `alter table "holiday_closures" add constraint "holiday_closures_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "opening_hours" add constraint "opening_hours_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opening_hours" add constraint "opening_hours_connection_id_foreign" foreign key ("connection_id") references "connections" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "locations" add column "busy_extra_minutes" int null, add column "busy_until" timestamptz null;`,
    );

    this.addSql(`alter table "modifiers" add column "snoozed_until" timestamptz null;`);
    this.addSql(
      `create index "modifiers_snoozed" on "modifiers" ("location_id", "snoozed_until") where "snoozed_until" is not null;`,
    );

    this.addSql(`alter table "products" add column "snoozed_until" timestamptz null;`);
    this.addSql(
      `create index "products_snoozed" on "products" ("location_id", "snoozed_until") where "snoozed_until" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "holiday_closures" cascade;`);

    this.addSql(`drop table if exists "opening_hours" cascade;`);

    this.addSql(`alter table "locations" drop column "busy_extra_minutes", drop column "busy_until";`);

    this.addSql(`drop index "modifiers_snoozed";`);
    this.addSql(`alter table "modifiers" drop column "snoozed_until";`);

    this.addSql(`drop index "products_snoozed";`);
    this.addSql(`alter table "products" drop column "snoozed_until";`);
  }
}
