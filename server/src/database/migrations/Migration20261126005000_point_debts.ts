import { Migration } from '@mikro-orm/migrations';

/**
 * Points a member owes after a partner took money back (point_debt: open ones block ordering), and the
 * Toss cancel transactions a charge has already accounted for (charge.toss_settled_cancels).
 */
export class Migration20261126005000_point_debts extends Migration {

  override name = 'Migration20261126005000_point_debts';

  override up(): void | Promise<void> {
    this.addSql(`create table "point_debt" ("id" serial primary key, "member_id" int not null, "amount" bigint not null, "collected" bigint not null default 0, "written_off" bigint not null default 0, "reference_type" varchar(32) not null, "reference_id" varchar(64) not null, "memo" varchar(500) null, "created_at" timestamptz not null, "closed_at" timestamptz null, "closed_reason" varchar(500) null);`);
    this.addSql(`alter table "point_debt" add constraint "point_debt_reference_once" unique ("reference_type", "reference_id");`);
    this.addSql(`create index "point_debt_open" on "point_debt" ("member_id") where "closed_at" is null;`);
    this.addSql(`alter table "charge" add column "toss_settled_cancels" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "charge" drop column "toss_settled_cancels";`);
    this.addSql(`drop table if exists "point_debt" cascade;`);
  }

}
