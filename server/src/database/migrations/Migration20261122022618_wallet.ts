import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022618_wallet extends Migration {

  override name = 'Migration20261122022618_wallet';

  override up(): void | Promise<void> {
    this.addSql(`create table "point_ledger_entry" ("id" bigserial primary key, "member_id" int not null, "amount" bigint not null, "balance_after" bigint not null, "kind" text not null, "reference_type" varchar(32) not null, "reference_id" varchar(64) not null, "memo" varchar(500) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "point_ledger_entry_member" on "point_ledger_entry" ("member_id", "id");`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_once" unique ("kind", "reference_type", "reference_id");`);

    this.addSql(`create table "point_account" ("member_id" int not null, "balance" bigint not null default '0', "version" int not null default 0, "updated_at" timestamptz not null default now(), primary key ("member_id"));`);

    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST'));`);

    this.addSql(`alter table "point_account" add constraint "point_account_balance_non_negative" check (balance >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "point_ledger_entry" cascade;`);
    this.addSql(`drop table if exists "point_account" cascade;`);
  }

}
