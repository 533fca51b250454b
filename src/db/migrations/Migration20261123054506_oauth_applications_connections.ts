import { Migration } from '@mikro-orm/migrations';

export class Migration20261123054506_oauth_applications_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "applications" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "kind" text check ("kind" in ('POS', 'MARKETPLACE')) null, "name" text not null, "client_id" text not null, "client_secret_hash" text not null, "webhook_secret_sealed" text null, "redirect_uris" jsonb not null, "scopes" jsonb not null, "webhook_url" text null, "catalog_pull_url" text null, "menu_publication_url" text null, "store_status_url" text null, "first_party" boolean not null, "created_by_user_id" uuid null, constraint "applications_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "applications" add constraint "applications_client_id_unique" unique ("client_id");`);

    this.addSql(
      `create table "connections" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "application_id" uuid not null, "location_id" uuid not null, "account_id" uuid not null, "status" text check ("status" in ('ACTIVE', 'DISCONNECTED')) not null, "credentials_sealed" text null, "disconnected_at" timestamptz null, constraint "connections_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create unique index "connections_one_active_per_application_location" on "connections" ("application_id", "location_id") where "status" = 'ACTIVE';`,
    );
    this.addSql(
      `create index "connections_location_id_created_at_id_index" on "connections" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "connections_application_id_status_index" on "connections" ("application_id", "status");`,
    );

    this.addSql(
      `create table "oidc_payloads" ("model" text not null, "id" text not null, "payload" jsonb not null, "grant_id" text null, "uid" text null, "expires_at" timestamptz null, "consumed_at" timestamptz null, constraint "oidc_payloads_pkey" primary key ("model", "id"));`,
    );
    this.addSql(`create index "oidc_payloads_expires_at_index" on "oidc_payloads" ("expires_at");`);
    this.addSql(`create index "oidc_payloads_uid_index" on "oidc_payloads" ("uid");`);
    this.addSql(`create index "oidc_payloads_grant_id_index" on "oidc_payloads" ("grant_id");`);

    this.addSql(
      `create table "users" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "email" text not null, "password_hash" text not null, "role" text check ("role" in ('admin', 'reseller', 'merchant')) not null, "created_by_user_id" uuid null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "user_accounts" ("user_id" uuid not null, "account_id" uuid not null, constraint "user_accounts_pkey" primary key ("user_id", "account_id"));`,
    );

    this.addSql(
      `alter table "connections" add constraint "connections_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "connections" add constraint "connections_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "user_accounts" add constraint "user_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_accounts" add constraint "user_accounts_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`create index "accounts_created_by_user_id_index" on "accounts" ("created_by_user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "connections" drop constraint "connections_application_id_foreign";`);

    this.addSql(`alter table "user_accounts" drop constraint "user_accounts_user_id_foreign";`);

    this.addSql(`drop table if exists "applications" cascade;`);

    this.addSql(`drop table if exists "connections" cascade;`);

    this.addSql(`drop table if exists "oidc_payloads" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "user_accounts" cascade;`);

    this.addSql(`drop index "accounts_created_by_user_id_index";`);
  }
}
