import { Migration } from '@mikro-orm/migrations';

// The table of rate-limiter-flexible's PostgreSQL limiters (src/http/limiter-store.ts), in a schema of its
// own that the entity schema generator ignores, as graphile_worker's: the library owns its shape. Keys carry
// the limiter's name as a prefix, so one table serves every limiter.
export class Migration20261123210000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "rate_limiter";`);
    this.addSql(
      `create table "rate_limiter"."limits" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`,
    );
    this.addSql(`create index "limits_expire_index" on "rate_limiter"."limits" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema "rate_limiter" cascade;`);
  }
}
