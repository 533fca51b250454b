import { Migration } from '@mikro-orm/migrations';

// Users may have a username to sign in with besides their e-mail address (lower-case, unique). A nullable
// column with no default: no table rewrite; the unique index allows any number of users without one.

export class Migration20261128060000_users_username extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "username" text null;`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_username_unique";`);
    this.addSql(`alter table "users" drop column "username";`);
  }
}
