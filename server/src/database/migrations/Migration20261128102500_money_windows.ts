import { Migration } from '@mikro-orm/migrations';

/**
 * Manual money commands that ran without a second operator, summed per operator and per member over a rolling
 * day against APPROVAL_THRESHOLD; and whether a member's level was set by an operator (it then stays when a
 * refund or chargeback lowers what the member's charges count). A level above what the charges reach can only
 * have been set by hand.
 */
export class Migration20261128102500_money_windows extends Migration {

  override name = 'Migration20261128102500_money_windows';

  override up(): void | Promise<void> {
    this.addSql(`create table "unapproved_move" ("id" serial primary key, "kind" text not null, "operator_id" int not null, "member_id" int not null, "amount" bigint not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "unapproved_move" add constraint "unapproved_move_kind_check" check ("kind" in ('points.adjust', 'charge.refund'));`);
    this.addSql(`create index "unapproved_move_operator" on "unapproved_move" ("operator_id", "created_at");`);
    this.addSql(`create index "unapproved_move_member" on "unapproved_move" ("member_id", "created_at");`);
    this.addSql(`alter table "member_standing" add column "level_by_hand" boolean not null default false;`);
    this.addSql(`update "member_standing" s set "level_by_hand" = true from "member_level" l where l."id" = s."level_id" and l."threshold" > s."charged";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "member_standing" drop column "level_by_hand";`);
    this.addSql(`drop table if exists "unapproved_move" cascade;`);
  }

}
