import { Migration } from '@mikro-orm/migrations';

/**
 * Price controls: a service keeps the markup the price sync follows (the price at a rate, as an operator or the
 * import set it) and the won rate of its provider's currency, so its unit cost is known where member prices are
 * made; a price change the sync holds waits with a status; a level's discount stays below 100 %.
 */
export class Migration20261128102214_price_controls extends Migration {

  override name = 'Migration20261128102214_price_controls';

  override up(): void | Promise<void> {
    this.addSql(`alter table "service" add column "provider_currency_rate" numeric(18,6) not null default 1, add column "markup_point" numeric(16,6) null, add column "markup_rate" numeric(20,6) null;`);
    this.addSql(`update "service" s set "provider_currency_rate" = p."currency_rate" from "provider" p where p."id" = s."provider_id";`);
    this.addSql(`update "service" set "markup_point" = "point", "markup_rate" = "provider_rate" where "provider_rate" > 0;`);
    this.addSql(`alter table "price_change" add column "status" varchar(20) not null default 'APPLIED', add column "resolved_by" varchar(100) null, add column "resolved_at" timestamptz null;`);
    this.addSql(`create index "price_change_held" on "price_change" ("service_id") where "status" = 'HELD';`);
    // A 100 % level made every order of its members fail; the deepest discount is now 99.99 % (and floored at cost).
    this.addSql(`update "member_level" set "discount_percent" = 99.99 where "discount_percent" >= 100;`);
    this.addSql(`alter table "member_level" add constraint "member_level_discount_below_100" check ("discount_percent" >= 0 and "discount_percent" < 100);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "member_level" drop constraint "member_level_discount_below_100";`);
    this.addSql(`drop index "price_change_held";`);
    this.addSql(`alter table "price_change" drop column "status", drop column "resolved_by", drop column "resolved_at";`);
    this.addSql(`alter table "service" drop column "provider_currency_rate", drop column "markup_point", drop column "markup_rate";`);
  }

}
