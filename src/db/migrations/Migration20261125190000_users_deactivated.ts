import { Migration } from '@mikro-orm/migrations';

// A user can be deactivated (UserService.deactivate): someone who left keeps their history (orders
// name who changed them) but can no longer sign in, and their tokens and UI sessions are gone. A nullable
// column with no default: no table rewrite.

export class Migration20261125190000_users_deactivated extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "deactivated_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "deactivated_at";`);
  }
}
