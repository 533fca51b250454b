import { Migration } from '@mikro-orm/migrations';

// The activity log (src/modules/activity): who changed what, written with each change; read newest first per
// account, per location or over everything, and deleted by age (created_at).

export class Migration20261128030235_activity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "activity" ("id" uuid not null, "created_at" timestamptz not null, "action" text not null, "actor_type" text not null, "actor_id" uuid null, "via_application_id" uuid null, "source_address" text null, "request_id" text null, "account_id" uuid null, "location_id" uuid null, "subject_type" text not null, "subject_id" text null, "subject_name" text null, "changes" jsonb null, constraint "activity_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "activity_created_at_id_index" on "activity" ("created_at", "id");`);
    this.addSql(
      `create index "activity_location_id_created_at_id_index" on "activity" ("location_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "activity_account_id_created_at_id_index" on "activity" ("account_id", "created_at", "id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "activity" cascade;`);
  }
}
