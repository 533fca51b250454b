import { Migration } from '@mikro-orm/migrations';

export class Migration20261123053315_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "accounts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" text not null, "created_by_user_id" uuid null, constraint "accounts_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "locations" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "account_id" uuid not null, "name" text not null, "currency" text not null default 'EUR', "timezone" text not null default 'UTC', "store_status" text not null default 'ONLINE', constraint "locations_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "locations_account_id_created_at_id_index" on "locations" ("account_id", "created_at", "id");`,
    );

    this.addSql(
      `create table "tax_rates" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location_id" uuid not null, "pos_reference" text not null, "name" text not null, "type" text check ("type" in ('FIXED', 'PERCENTAGE')) not null, "rate" int not null, "inclusive" boolean not null default false, "is_default" boolean not null default false, "position" int not null, constraint "tax_rates_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "tax_rates" add constraint "tax_rates_location_id_pos_reference_unique" unique ("location_id", "pos_reference");`,
    );

    this.addSql(
      `alter table "locations" add constraint "locations_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "tax_rates" add constraint "tax_rates_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "locations" drop constraint "locations_account_id_foreign";`);

    this.addSql(`alter table "tax_rates" drop constraint "tax_rates_location_id_foreign";`);

    this.addSql(`drop table if exists "accounts" cascade;`);

    this.addSql(`drop table if exists "locations" cascade;`);

    this.addSql(`drop table if exists "tax_rates" cascade;`);
  }
}
