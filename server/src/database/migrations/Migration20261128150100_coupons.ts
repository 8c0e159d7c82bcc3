import { Migration } from '@mikro-orm/migrations';

/**
 * 쿠폰: coupons, their codes (shared or single-use), their uses; the ledger's COUPON kind; an order's
 * coupon discount (what a cancel or a partial refund never gives back).
 */
export class Migration20261128150100_coupons extends Migration {

  override name = 'Migration20261128150100_coupons';

  override up(): void | Promise<void> {
    this.addSql(`create table "coupon" ("id" serial primary key, "name" varchar(100) not null, "kind" text not null, "value" bigint not null, "max_discount" bigint null, "min_amount" bigint not null default 0, "starts_at" timestamptz null, "ends_at" timestamptz null, "total_limit" int null, "per_member_limit" int not null default 1, "service_ids" jsonb not null default '[]', "category_ids" jsonb not null default '[]', "enabled" boolean not null default true, "code" varchar(32) null, "uses_count" int not null default 0, "given_total" bigint not null default 0, "codes_count" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "coupon_kind_check" check ("kind" in ('POINTS', 'PERCENT', 'FIXED')), constraint "coupon_value_check" check ("value" > 0 and ("kind" <> 'PERCENT' or "value" <= 100)));`);
    this.addSql(`create table "coupon_code" ("id" serial primary key, "coupon_id" int not null references "coupon" ("id") on delete no action, "code" varchar(32) not null, "single_use" boolean not null, "used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create unique index "coupon_code_code" on "coupon_code" ("code");`);
    this.addSql(`create index "coupon_code_coupon" on "coupon_code" ("coupon_id", "id");`);
    this.addSql(`create table "coupon_use" ("id" serial primary key, "coupon_id" int not null references "coupon" ("id") on delete no action, "code_id" int not null references "coupon_code" ("id") on delete no action, "single_use" boolean not null, "member_id" int not null, "order_id" int null, "amount" bigint not null, "created_at" timestamptz not null, constraint "coupon_use_amount_check" check ("amount" > 0));`);
    this.addSql(`create index "coupon_use_coupon" on "coupon_use" ("coupon_id", "id");`);
    this.addSql(`create index "coupon_use_member" on "coupon_use" ("coupon_id", "member_id");`);
    // A single-use code is used once, whatever the application does.
    this.addSql(`create unique index "coupon_use_single" on "coupon_use" ("code_id") where "single_use";`);
    this.addSql(`alter table "service_order" add column "coupon_discount" bigint not null default 0;`);
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'FORFEIT', 'CHARGE_REFUND', 'REFERRAL', 'COUPON'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'FORFEIT', 'CHARGE_REFUND', 'REFERRAL'));`);
    this.addSql(`alter table "service_order" drop column "coupon_discount";`);
    this.addSql(`drop table if exists "coupon_use" cascade;`);
    this.addSql(`drop table if exists "coupon_code" cascade;`);
    this.addSql(`drop table if exists "coupon" cascade;`);
  }

}
