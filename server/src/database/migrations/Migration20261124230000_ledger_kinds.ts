import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's kind check, listing every kind at once: the migrations that added FORFEIT and
 * CHARGE_REFUND/REFERRAL each re-created the check with only their own additions.
 */
export class Migration20261124230000_ledger_kinds extends Migration {

  override name = 'Migration20261124230000_ledger_kinds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'FORFEIT', 'CHARGE_REFUND', 'REFERRAL'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST'));`);
  }

}
