import { Migration } from '@mikro-orm/migrations';

export class Migration20261123054518_catalog extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "categories" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "pos_reference" text not null, "name" text not null, "description" text null, "position" int not null default 0, "show_online" boolean not null default true, "service_availability" jsonb null, constraint "categories_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "categories_location_id_created_at_id_index" on "categories" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "categories" add constraint "categories_location_id_pos_reference_unique" unique ("location_id", "pos_reference");`,
    );

    this.addSql(
      `create table "modifiers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "pos_reference" text not null, "name" text not null, "price" int not null, "tax_rate_ids" jsonb not null, "show_online" boolean not null default true, "position" int not null default 0, "pass_through" jsonb not null, constraint "modifiers_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "modifiers_location_id_created_at_id_index" on "modifiers" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "modifiers" add constraint "modifiers_location_id_pos_reference_unique" unique ("location_id", "pos_reference");`,
    );

    this.addSql(
      `create table "modifier_groups" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "pos_reference" text not null, "name" text not null, "min_permitted" int not null default 0, "max_permitted" int not null default 1, "modifiers" jsonb not null, "position" int not null default 0, constraint "modifier_groups_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "modifier_groups_location_id_created_at_id_index" on "modifier_groups" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "modifier_groups" add constraint "modifier_groups_location_id_pos_reference_unique" unique ("location_id", "pos_reference");`,
    );

    this.addSql(
      `create table "products" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "pos_reference" text not null, "name" text not null, "price" int not null, "categories" jsonb not null, "tax_rate_ids" jsonb not null, "show_online" boolean not null default true, "modifier_groups" jsonb not null, "position" int not null default 0, "pass_through" jsonb not null, constraint "products_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "products_location_id_created_at_id_index" on "products" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "products" add constraint "products_location_id_pos_reference_unique" unique ("location_id", "pos_reference");`,
    );

    this.addSql(
      `alter table "categories" add constraint "categories_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "modifiers" add constraint "modifiers_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "modifier_groups" add constraint "modifier_groups_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "products" add constraint "products_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "categories" cascade;`);

    this.addSql(`drop table if exists "modifiers" cascade;`);

    this.addSql(`drop table if exists "modifier_groups" cascade;`);

    this.addSql(`drop table if exists "products" cascade;`);
  }
}
