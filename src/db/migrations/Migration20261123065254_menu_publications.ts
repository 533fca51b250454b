import { Migration } from '@mikro-orm/migrations';

export class Migration20261123065254_menu_publications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "menu_publications" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "menu_id" uuid not null, "connection_id" uuid not null, "delivery_id" uuid not null, constraint "menu_publications_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "menu_publications_connection_id_index" on "menu_publications" ("connection_id");`);
    this.addSql(
      `create index "menu_publications_menu_id_created_at_id_index" on "menu_publications" ("menu_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "menu_publications" add constraint "menu_publications_delivery_id_unique" unique ("delivery_id");`,
    );

    this.addSql(
      `alter table "menu_publications" add constraint "menu_publications_menu_id_foreign" foreign key ("menu_id") references "menus" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "menu_publications" add constraint "menu_publications_connection_id_foreign" foreign key ("connection_id") references "connections" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "menu_publications" add constraint "menu_publications_delivery_id_foreign" foreign key ("delivery_id") references "deliveries" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "menu_publications" cascade;`);
  }
}
