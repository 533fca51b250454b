import { Migration } from '@mikro-orm/migrations';

// A menu publication outlives its MENU_PUBLISHED delivery (src/modules/menus/menu-publication.entity.ts).
// Until now the delivery's foreign key cascaded: when the delivery log's retention removed a DELIVERED
// delivery after DELIVERY_RETENTION_DAYS, the publication went with it, so the menu screen forgot the
// publication and, worse, MENU_UPDATED stopped reaching that marketplace (it follows the menu's publications).
// The id stays as a plain column; the delivery's outcome is copied into the settled_* columns by the retention
// statement itself. Publications already lost to retention cannot be brought back.

export class Migration20261125160000_publications_outlive_deliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "menu_publications" drop constraint "menu_publications_delivery_id_foreign";`);
    this.addSql(
      `alter table "menu_publications" add column "settled_status" text null, add column "settled_attempts" int null, add column "settled_last_error" text null, add column "settled_partner_answer" text null, add column "settled_delivered_at" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    // A publication whose delivery is gone cannot point at it again: going back drops those.
    this.addSql(
      `delete from "menu_publications" p where not exists (select 1 from "deliveries" d where d.id = p.delivery_id);`,
    );
    this.addSql(
      `alter table "menu_publications" drop column "settled_status", drop column "settled_attempts", drop column "settled_last_error", drop column "settled_partner_answer", drop column "settled_delivered_at";`,
    );
    this.addSql(
      `alter table "menu_publications" add constraint "menu_publications_delivery_id_foreign" foreign key ("delivery_id") references "deliveries" ("id") on update cascade on delete cascade;`,
    );
  }
}
