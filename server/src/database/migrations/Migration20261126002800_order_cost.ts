import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: what an order cost upstream (its dispatch record), the provider's rate and currency, each
 * service's price rule and backup providers, and the log of price changes the sync applied.
 */
export class Migration20261126002800_order_cost extends Migration {

  override name = 'Migration20261126002800_order_cost';

  override up(): void | Promise<void> {
    this.addSql(`alter table "provider" add "currency_rate" numeric(18,6) not null default 1;`);
    this.addSql(`alter table "service" add "provider_rate" numeric(20,6) null, add "price_rule" varchar(20) not null default 'KEEP_PRICE', add "backup_providers" jsonb not null default '[]';`);
    this.addSql(`alter table "order_dispatch" add "provider_service_id" varchar(100) null, add "expected_cost" numeric(20,4) null, add "charge_cost" numeric(20,4) null;`);
    this.addSql(`create table "price_change" ("id" serial primary key, "provider_id" int not null, "service_id" int null, "provider_service_id" varchar(100) not null, "kind" varchar(20) not null, "rule" varchar(20) null, "old_rate" numeric(20,6) null, "new_rate" numeric(20,6) null, "old_point" numeric(16,6) null, "new_point" numeric(16,6) null, "note" varchar(500) not null default '', "created_at" timestamptz not null);`);
    this.addSql(`create index "price_change_created" on "price_change" ("created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "price_change";`);
    this.addSql(`alter table "order_dispatch" drop column "provider_service_id", drop column "expected_cost", drop column "charge_cost";`);
    this.addSql(`alter table "service" drop column "provider_rate", drop column "price_rule", drop column "backup_providers";`);
    this.addSql(`alter table "provider" drop column "currency_rate";`);
  }
}
