import { Migration } from '@mikro-orm/migrations';

// A UI session's refresh is claimed optimistically (src/auth/session/ui-sessions.ts) instead of under a row
// lock held over the call to the token endpoint: a version bumped by every claim and refresh, and the claim's lease.
export class Migration20261125011000_ui_session_refresh_claim extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "ui_sessions" add column "version" int not null default 0, add column "refresh_claimed_until" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "ui_sessions" drop column "version", drop column "refresh_claimed_until";`);
  }
}
