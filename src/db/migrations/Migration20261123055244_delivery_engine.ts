import { Migration } from '@mikro-orm/migrations';

export class Migration20261123055244_delivery_engine extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "deliveries" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "event_id" uuid not null, "event_type" text not null, "application_id" uuid not null, "account_id" uuid null, "location_id" uuid null, "connection_id" uuid null, "ordering_key" text null, "chain_position" int null, "url" text not null, "endpoint" text not null, "payload" json not null, "status" text check ("status" in ('PENDING', 'DELIVERING', 'DELIVERED', 'FAILED')) not null default 'PENDING', "held" boolean not null default false, "attempt_count" int not null default 0, "round_attempts" int not null default 0, "job_seq" int not null default 0, "claimed_by" text null, "next_attempt_at" timestamptz null, "last_attempt_at" timestamptz null, "delivered_at" timestamptz null, "last_error" text null, constraint "deliveries_pkey" primary key ("id"));`);
    this.addSql(`create index "deliveries_claimed_by_index" on "deliveries" ("claimed_by");`);
    this.addSql(`create index "deliveries_ordering_key_url_chain_position_index" on "deliveries" ("ordering_key", "url", "chain_position");`);
    this.addSql(`create index "deliveries_application_id_created_at_id_index" on "deliveries" ("application_id", "created_at", "id");`);
    this.addSql(`create index "deliveries_location_id_created_at_id_index" on "deliveries" ("location_id", "created_at", "id");`);
    this.addSql(`alter table "deliveries" add constraint "deliveries_application_id_event_id_unique" unique ("application_id", "event_id");`);

    this.addSql(`create table "delivery_attempts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "delivery_id" uuid not null, "attempt_number" int not null, "started_at" timestamptz not null, "http_status" int null, "error" text null, "latency_ms" int not null, "response_excerpt" text null, constraint "delivery_attempts_pkey" primary key ("id"));`);
    this.addSql(`create index "delivery_attempts_delivery_id_attempt_number_index" on "delivery_attempts" ("delivery_id", "attempt_number");`);

    this.addSql(`create table "delivery_worker_processes" ("id" text not null, "worker_ids" text[] not null, "started_at" timestamptz not null, constraint "delivery_worker_processes_pkey" primary key ("id"));`);

    this.addSql(`alter table "delivery_attempts" add constraint "delivery_attempts_delivery_id_foreign" foreign key ("delivery_id") references "deliveries" ("id") on update cascade on delete cascade;`);

    this.addSql(`drop table if exists "graphile_worker"."_private_job_queues" cascade;`);

    this.addSql(`drop table if exists "graphile_worker"."_private_jobs" cascade;`);

    this.addSql(`drop table if exists "graphile_worker"."_private_known_crontabs" cascade;`);

    this.addSql(`drop table if exists "graphile_worker"."_private_tasks" cascade;`);

    this.addSql(`drop table if exists "graphile_worker"."migrations" cascade;`);

    this.addSql(`drop schema if exists "graphile_worker";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create schema if not exists "graphile_worker";`);
    this.addSql(`alter table "delivery_attempts" drop constraint "delivery_attempts_delivery_id_foreign";`);

    this.addSql(`create table "graphile_worker"."_private_job_queues" ("id" int4 generated always as identity not null, "queue_name" text not null, "locked_at" timestamptz(6) null, "locked_by" text null, "is_available" bool generated always as (locked_at IS NULL) stored not null, constraint "job_queues_pkey1" primary key ("id"), constraint job_queues_queue_name_check check (length(queue_name) <= 128));`);
    this.addSql(`alter table "graphile_worker"."_private_job_queues" add constraint "job_queues_queue_name_key" unique ("queue_name");`);

    this.addSql(`create table "graphile_worker"."_private_jobs" ("id" int8 generated always as identity not null, "job_queue_id" int4 null, "task_id" int4 not null, "payload" json not null default '{}', "priority" int2 not null default 0, "run_at" timestamptz(6) not null default now(), "attempts" int2 not null default 0, "max_attempts" int2 not null default 25, "last_error" text null, "created_at" timestamptz(6) not null default now(), "updated_at" timestamptz(6) not null default now(), "key" text null, "locked_at" timestamptz(6) null, "locked_by" text null, "revision" int4 not null default 0, "flags" jsonb null, "is_available" bool generated always as ((locked_at IS NULL) AND (attempts < max_attempts)) stored not null, constraint "jobs_pkey1" primary key ("id"), constraint jobs_key_check check ((length(key) > 0) AND (length(key) <= 512)), constraint jobs_max_attempts_check check (max_attempts >= 1));`);
    this.addSql(`alter table "graphile_worker"."_private_jobs" add constraint "jobs_key_key1" unique ("key");`);
    this.addSql(`CREATE INDEX jobs_main_index ON graphile_worker._private_jobs USING btree (priority, run_at) INCLUDE (id, task_id, job_queue_id) WHERE (is_available = true);`);
    this.addSql(`CREATE INDEX jobs_no_queue_index ON graphile_worker._private_jobs USING btree (priority, run_at) INCLUDE (id, task_id) WHERE ((is_available = true) AND (job_queue_id IS NULL));`);

    this.addSql(`create table "graphile_worker"."_private_known_crontabs" ("identifier" text not null, "known_since" timestamptz(6) not null, "last_execution" timestamptz(6) null, constraint "known_crontabs_pkey" primary key ("identifier"));`);

    this.addSql(`create table "graphile_worker"."_private_tasks" ("id" int4 generated always as identity not null, "identifier" text not null, constraint "tasks_pkey" primary key ("id"), constraint tasks_identifier_check check (length(identifier) <= 128));`);
    this.addSql(`alter table "graphile_worker"."_private_tasks" add constraint "tasks_identifier_key" unique ("identifier");`);

    this.addSql(`create table "graphile_worker"."migrations" ("id" int4 not null, "ts" timestamptz(6) not null default now(), "breaking" bool not null default false, constraint "migrations_pkey" primary key ("id"));`);

    this.addSql(`drop table if exists "deliveries" cascade;`);

    this.addSql(`drop table if exists "delivery_attempts" cascade;`);

    this.addSql(`drop table if exists "delivery_worker_processes" cascade;`);
  }

}
