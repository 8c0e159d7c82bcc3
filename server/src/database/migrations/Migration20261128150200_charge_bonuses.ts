import { Migration } from '@mikro-orm/migrations';

/**
 * 충전 보너스: the operator's tiers, one bonus row per bonused charge, and the CHARGE_BONUS ledger kind. The
 * kind check is rebuilt from the kinds it already lists plus this one, so a migration adding another kind
 * in parallel keeps its own whatever order the two run in.
 */
export class Migration20261128150200_charge_bonuses extends Migration {

  override name = 'Migration20261128150200_charge_bonuses';

  override up(): void | Promise<void> {
    this.addSql(`create table "charge_bonus_tier" ("id" serial primary key, "min_amount" int not null, "kind" text check ("kind" in ('PERCENT', 'FIXED')) not null, "value" int not null, "method" text check ("method" in ('BANK_TRANSFER', 'TOSS_CARD', 'TOSS_VIRTUAL_ACCOUNT')) null, "enabled" boolean not null default true, "created_at" timestamptz not null, constraint "charge_bonus_tier_value_check" check ("value" > 0 and ("kind" = 'FIXED' or "value" <= 100)), constraint "charge_bonus_tier_min_amount_check" check ("min_amount" > 0));`);
    this.addSql(`create unique index "charge_bonus_tier_threshold_unique" on "charge_bonus_tier" ("min_amount", coalesce("method", ''));`);
    this.addSql(`create table "charge_bonus" ("id" serial primary key, "charge_id" int not null, "member_id" int not null, "tier_id" int not null, "point" bigint not null, "amount" bigint not null, "reclaimed" bigint not null default 0, "unrecovered" bigint not null default 0, "created_at" timestamptz not null, constraint "charge_bonus_charge_unique" unique ("charge_id"));`);
    this.addSql(`create index "charge_bonus_member" on "charge_bonus" ("member_id", "id");`);
    this.addSql(ledgerKinds(`kinds || 'CHARGE_BONUS'::text`));
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "charge_bonus" cascade;`);
    this.addSql(`drop table if exists "charge_bonus_tier" cascade;`);
    this.addSql(`delete from "point_ledger_entry" where "kind" = 'CHARGE_BONUS';`);
    this.addSql(ledgerKinds(`array_remove(kinds, 'CHARGE_BONUS'::text)`));
  }

}

/** Re-creates the ledger's kind check with `next` (an expression over the kinds it lists now). */
const ledgerKinds = (next: string) => `do $$
declare
  kinds text[];
begin
  select coalesce(array_agg(distinct m[1]), '{}') into kinds
    from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([A-Z_]+)''', 'g') as m
   where c.conname = 'point_ledger_entry_kind_check';
  kinds := array(select distinct k from unnest(${next}) as k order by k);
  alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";
  execute format('alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in (%s))',
    (select string_agg(quote_literal(k), ', ') from unnest(kinds) as k));
end $$;`;
