import { Migration } from '@mikro-orm/migrations';

/** Toss Payments charges (method, payment key, virtual account, refunds), referral rewards, and their ledger kinds. */
export class Migration20261124195915_toss_referral extends Migration {

  override name = 'Migration20261124195915_toss_referral';

  override up(): void | Promise<void> {
    this.addSql(`alter table "charge" add column "method" text not null default 'BANK_TRANSFER', add column "toss_method" text null, add column "toss_payment_key" varchar(200) null, add column "toss_status" varchar(30) null, add column "toss_secret" varchar(100) null, add column "virtual_account" jsonb null, add column "refunded_point" bigint not null default 0, add column "refunded_amount" bigint not null default 0, add column "next_check_at" timestamptz null, add column "toss_failure" varchar(500) null;`);
    this.addSql(`alter table "charge" add constraint "charge_method_check" check ("method" in ('BANK_TRANSFER', 'TOSS'));`);
    this.addSql(`alter table "charge" add constraint "charge_toss_method_check" check ("toss_method" in ('CARD', 'TRANSFER', 'VIRTUAL_ACCOUNT'));`);
    this.addSql(`alter table "charge" add constraint "charge_toss_payment_key_unique" unique ("toss_payment_key");`);
    this.addSql(`create index "charge_toss_check" on "charge" ("method", "status", "next_check_at");`);

    this.addSql(`create table "referral_reward" ("id" serial primary key, "charge_id" int not null, "referrer_id" int not null, "referred_id" int not null, "rate" int not null, "amount" bigint not null, "reclaimed" bigint not null default 0, "unrecovered" bigint not null default 0, "created_at" timestamptz not null);`);
    this.addSql(`alter table "referral_reward" add constraint "referral_reward_charge_unique" unique ("charge_id");`);
    this.addSql(`create index "referral_reward_referrer" on "referral_reward" ("referrer_id", "id");`);

    this.addSql(`alter table "point_ledger_entry" drop constraint "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'CHARGE_REFUND', 'REFERRAL'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST'));`);
    this.addSql(`drop table if exists "referral_reward" cascade;`);
    this.addSql(`alter table "charge" drop constraint "charge_method_check", drop constraint "charge_toss_method_check", drop constraint "charge_toss_payment_key_unique";`);
    this.addSql(`drop index "charge_toss_check";`);
    this.addSql(`alter table "charge" drop column "method", drop column "toss_method", drop column "toss_payment_key", drop column "toss_status", drop column "toss_secret", drop column "virtual_account", drop column "refunded_point", drop column "refunded_amount", drop column "next_check_at", drop column "toss_failure";`);
  }

}
