import { Migration } from '@mikro-orm/migrations';

export class Migration20261123203105_ui_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ui_sessions" ("id" text not null, "user_id" uuid not null, "access_token_sealed" text not null, "refresh_token_sealed" text not null, "access_expires_at" timestamptz not null, "idle_expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, "created_at" timestamptz not null, constraint "ui_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "ui_sessions_absolute_expires_at_index" on "ui_sessions" ("absolute_expires_at");`);
    this.addSql(`create index "ui_sessions_user_id_index" on "ui_sessions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ui_sessions" cascade;`);
  }
}
