import { Migration } from '@mikro-orm/migrations';

export class Migration20261123060107_menus extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "menus" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "name" text not null, "description" text null, constraint "menus_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "menus_location_id_created_at_id_index" on "menus" ("location_id", "created_at", "id");`);

    this.addSql(
      `create table "menu_modifiers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "menu_id" uuid not null, "modifier_id" uuid not null, "name" text null, "price" int null, "tax_rate_ids_override" jsonb null, "position" int not null default 0, constraint "menu_modifiers_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "menu_modifiers_modifier_id_index" on "menu_modifiers" ("modifier_id");`);
    this.addSql(
      `alter table "menu_modifiers" add constraint "menu_modifiers_menu_id_modifier_id_unique" unique ("menu_id", "modifier_id");`,
    );

    this.addSql(
      `create table "menu_items" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "menu_id" uuid not null, "product_id" uuid not null, "name" text null, "price" int null, "tax_rate_ids_override" jsonb null, "modifier_groups" jsonb not null, "position" int not null default 0, constraint "menu_items_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "menu_items_product_id_index" on "menu_items" ("product_id");`);
    this.addSql(
      `alter table "menu_items" add constraint "menu_items_menu_id_product_id_unique" unique ("menu_id", "product_id");`,
    );

    this.addSql(
      `alter table "menus" add constraint "menus_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "menu_modifiers" add constraint "menu_modifiers_menu_id_foreign" foreign key ("menu_id") references "menus" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "menu_modifiers" add constraint "menu_modifiers_modifier_id_foreign" foreign key ("modifier_id") references "modifiers" ("id") on update cascade on delete no action deferrable initially deferred;`,
    );

    this.addSql(
      `alter table "menu_items" add constraint "menu_items_menu_id_foreign" foreign key ("menu_id") references "menus" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "menu_items" add constraint "menu_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete no action deferrable initially deferred;`,
    );

    this.addSql(
      `alter table "locations" add column "closed_until" timestamptz null, add column "closed_reason" text null, add column "closed_reason_notes" text null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "menu_modifiers" drop constraint "menu_modifiers_menu_id_foreign";`);

    this.addSql(`alter table "menu_items" drop constraint "menu_items_menu_id_foreign";`);

    this.addSql(`drop table if exists "menus" cascade;`);

    this.addSql(`drop table if exists "menu_modifiers" cascade;`);

    this.addSql(`drop table if exists "menu_items" cascade;`);

    this.addSql(
      `alter table "locations" drop column "closed_until", drop column "closed_reason", drop column "closed_reason_notes";`,
    );
  }
}
