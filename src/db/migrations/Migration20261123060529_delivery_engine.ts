import { Migration } from '@mikro-orm/migrations';

export class Migration20261123060529_delivery_engine extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "deliveries" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "event_id" uuid not null, "event_type" text not null, "application_id" uuid not null, "account_id" uuid null, "location_id" uuid null, "connection_id" uuid null, "ordering_key" text null, "chain_position" int null, "url" text not null, "endpoint" text not null, "payload" json not null, "status" text check ("status" in ('PENDING', 'DELIVERING', 'DELIVERED', 'FAILED')) not null default 'PENDING', "held" boolean not null default false, "attempt_count" int not null default 0, "round_attempts" int not null default 0, "job_seq" int not null default 0, "job_id" bigint null, "claimed_by" text null, "next_attempt_at" timestamptz null, "last_attempt_at" timestamptz null, "delivered_at" timestamptz null, "last_error" text null, constraint "deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "deliveries_claimed_by_index" on "deliveries" ("claimed_by");`);
    this.addSql(
      `create index "deliveries_ordering_key_url_chain_position_index" on "deliveries" ("ordering_key", "url", "chain_position");`,
    );
    this.addSql(
      `create index "deliveries_application_id_created_at_id_index" on "deliveries" ("application_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "deliveries_location_id_created_at_id_index" on "deliveries" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_application_id_event_id_unique" unique ("application_id", "event_id");`,
    );

    this.addSql(
      `create table "delivery_attempts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "delivery_id" uuid not null, "attempt_number" int not null, "started_at" timestamptz not null, "http_status" int null, "error" text null, "latency_ms" int not null, "response_excerpt" text null, constraint "delivery_attempts_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "delivery_attempts_delivery_id_attempt_number_index" on "delivery_attempts" ("delivery_id", "attempt_number");`,
    );

    this.addSql(
      `create table "delivery_worker_processes" ("id" text not null, "worker_ids" text[] not null, "started_at" timestamptz not null, constraint "delivery_worker_processes_pkey" primary key ("id"));`,
    );

    this.addSql(
      `alter table "delivery_attempts" add constraint "delivery_attempts_delivery_id_foreign" foreign key ("delivery_id") references "deliveries" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "delivery_attempts" drop constraint "delivery_attempts_delivery_id_foreign";`);

    this.addSql(`drop table if exists "deliveries" cascade;`);

    this.addSql(`drop table if exists "delivery_attempts" cascade;`);

    this.addSql(`drop table if exists "delivery_worker_processes" cascade;`);
  }
}
