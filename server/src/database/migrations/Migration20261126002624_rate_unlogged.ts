import { Migration } from '@mikro-orm/migrations';

/** The v2 rate buckets need no durability: a crash that forgets them only lets every key start full. */
export class Migration20261126002624_rate_unlogged extends Migration {

  override name = 'Migration20261126002624_rate_unlogged';

  override up(): void | Promise<void> {
    this.addSql(`alter table "reseller_api_rate" set unlogged;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "reseller_api_rate" set logged;`);
  }

}
