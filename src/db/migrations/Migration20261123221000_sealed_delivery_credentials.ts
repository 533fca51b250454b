import { Migration } from '@mikro-orm/migrations';

// Connection credentials no longer sit in a delivery's stored payload: the payload keeps them masked and
// this column holds them sealed with the SecretBox (ENCRYPTION_KEY), opened into the body only when the
// worker sends it (src/delivery-engine/webhook-event.ts). Rows written before this migration are masked when
// read (src/modules/delivery-log/delivery.view.ts).
export class Migration20261123221000_sealed_delivery_credentials extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "deliveries" add column "credentials_sealed" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "deliveries" drop column "credentials_sealed";`);
  }
}
