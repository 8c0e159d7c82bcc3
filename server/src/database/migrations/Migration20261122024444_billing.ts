import { Migration } from '@mikro-orm/migrations';

export class Migration20261122024444_billing extends Migration {

  override name = 'Migration20261122024444_billing';

  override up(): void | Promise<void> {
    this.addSql(`create table "charge" ("id" serial primary key, "member_id" int not null, "depositor_name" varchar(50) not null, "depositor_key" varchar(50) not null, "point" bigint not null, "deposit_amount" bigint not null, "fee_type" text not null, "fee_value" jsonb null, "status" text not null default 'PENDING', "created_at" timestamptz not null, "expires_at" timestamptz not null, "response_at" timestamptz null, "resolved_by" varchar(100) null, "deposit_id" int null, "version" int not null default 1);`);
    this.addSql(`create index "charge_match" on "charge" ("depositor_key", "deposit_amount", "status");`);
    this.addSql(`create index "charge_status_expires" on "charge" ("status", "expires_at");`);
    this.addSql(`create index "charge_member_created" on "charge" ("member_id", "created_at");`);

    this.addSql(`create table "deposit" ("id" serial primary key, "bank_transaction_id" varchar(100) not null, "depositor_name" varchar(50) not null, "depositor_key" varchar(50) not null, "amount" bigint not null, "deposited_at" timestamptz not null, "status" text not null default 'UNMATCHED', "reason" text null, "charge_id" int null, "recorded_by" varchar(100) not null, "created_at" timestamptz not null, "resolved_at" timestamptz null, "resolved_by" varchar(100) null, "memo" varchar(500) null, "version" int not null default 1);`);
    this.addSql(`alter table "deposit" add constraint "deposit_bank_transaction_id_unique" unique ("bank_transaction_id");`);
    this.addSql(`create index "deposit_status" on "deposit" ("status", "id");`);

    this.addSql(`create table "faq" ("id" serial primary key, "title" varchar(200) not null, "answer" text not null, "sort_order" int not null default 0, "created_at" timestamptz not null);`);

    this.addSql(`create table "guide_image" ("id" serial primary key, "device" text not null, "image_url" varchar(500) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "guide_image" add constraint "guide_image_device_unique" unique ("device");`);

    this.addSql(`create table "notice" ("id" serial primary key, "content" text not null, "is_top" boolean not null default false, "bg_color" varchar(7) null, "created_at" timestamptz not null);`);

    this.addSql(`create table "popup" ("id" serial primary key, "enabled" boolean not null default true, "image_url" varchar(500) not null, "created_at" timestamptz not null);`);

    this.addSql(`alter table "charge" add constraint "charge_fee_type_check" check ("fee_type" in ('NONE', 'FEE', 'CASH'));`);
    this.addSql(`alter table "charge" add constraint "charge_status_check" check ("status" in ('PENDING', 'SUCCESS', 'FAIL'));`);

    this.addSql(`alter table "deposit" add constraint "deposit_status_check" check ("status" in ('UNMATCHED', 'MATCHED', 'DISMISSED'));`);
    this.addSql(`alter table "deposit" add constraint "deposit_reason_check" check ("reason" in ('NO_MATCH', 'AMBIGUOUS', 'CONFLICT'));`);

    this.addSql(`alter table "guide_image" add constraint "guide_image_device_check" check ("device" in ('DESKTOP', 'MOBILE'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "charge" cascade;`);
    this.addSql(`drop table if exists "deposit" cascade;`);
    this.addSql(`drop table if exists "faq" cascade;`);
    this.addSql(`drop table if exists "guide_image" cascade;`);
    this.addSql(`drop table if exists "notice" cascade;`);
    this.addSql(`drop table if exists "popup" cascade;`);
  }

}
