import { Migration } from '@mikro-orm/migrations';

export class Migration20261123082915_catalog_name_lookup extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "modifiers_location_id_name_index" on "modifiers" ("location_id", "name");`);

    this.addSql(`create index "products_location_id_name_index" on "products" ("location_id", "name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "modifiers_location_id_name_index";`);

    this.addSql(`drop index "products_location_id_name_index";`);
  }
}
