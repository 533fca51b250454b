import { Migration } from '@mikro-orm/migrations';

export class Migration20261123055554_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "idempotency_keys" ("caller" text not null, "key" text not null, "request_hash" text not null, "state" text not null, "response_status" int null, "response_content_type" text null, "response_body" text null, "created_at" timestamptz not null, constraint "idempotency_keys_pkey" primary key ("caller", "key"));`,
    );
    this.addSql(`create index "idempotency_keys_created_at_index" on "idempotency_keys" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }
}
