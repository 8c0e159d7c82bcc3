import { Migration } from '@mikro-orm/migrations';

/** 증빙: one 현금영수증 or 세금계산서 record per (charge, kind), worked by the receipts job while due. */
export class Migration20261128102500_receipts extends Migration {

  override name = 'Migration20261128102500_receipts';

  override up(): void | Promise<void> {
    this.addSql(`create table "receipt" ("id" serial primary key, "charge_id" int not null references "charge" ("id") on delete no action, "member_id" int not null, "kind" text not null, "status" text not null default 'PENDING', "total" bigint not null, "refunded_amount" bigint not null default 0, "adjusted_amount" bigint not null default 0, "adjusting_to" bigint null, "details" jsonb not null, "partner_key" varchar(200) null, "approval_number" varchar(50) null, "receipt_url" varchar(500) null, "issued_at" timestamptz null, "failure" varchar(1000) null, "attempts" int not null default 0, "round" int not null default 0, "next_attempt_at" timestamptz null, "claimed_until" timestamptz null, "adjustments" jsonb not null default '[]', "resolved_by" varchar(100) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, constraint "receipt_kind_check" check ("kind" in ('CASH_RECEIPT', 'TAX_INVOICE')), constraint "receipt_status_check" check ("status" in ('PENDING', 'ISSUED', 'FAILED', 'CANCELED', 'MANUAL')), constraint "receipt_amounts_check" check ("refunded_amount" >= 0 and "refunded_amount" <= "total" and "adjusted_amount" >= 0 and "adjusted_amount" <= "total"));`);
    this.addSql(`alter table "receipt" add constraint "receipt_charge_kind_unique" unique ("charge_id", "kind");`);
    this.addSql(`create index "receipt_due" on "receipt" ("next_attempt_at") where "next_attempt_at" is not null;`);
    this.addSql(`create index "receipt_member_created" on "receipt" ("member_id", "created_at");`);
    this.addSql(`create index "receipt_status_created" on "receipt" ("status", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "receipt" cascade;`);
  }

}
