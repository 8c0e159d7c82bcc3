import { Migration } from '@mikro-orm/migrations';

/** Issue 26: when the provider started an order (the status sync saw it running or ended), for provider scores. */
export class Migration20261126010000_dispatch_started extends Migration {

  override name = 'Migration20261126010000_dispatch_started';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_dispatch" add "started_at" timestamptz null;`);
    this.addSql(`create index "order_dispatch_created" on "order_dispatch" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "order_dispatch_created";`);
    this.addSql(`alter table "order_dispatch" drop column "started_at";`);
  }
}
