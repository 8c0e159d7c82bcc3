import { Migration } from '@mikro-orm/migrations';

/** The ledger's FORFEIT kind: what a deleted member left on their account, closed by the operator's setting. */
export class Migration20261124200127_ledger_forfeit extends Migration {

  override name = 'Migration20261124200127_ledger_forfeit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'FORFEIT'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_ledger_entry" drop constraint if exists "point_ledger_entry_kind_check";`);
    this.addSql(`alter table "point_ledger_entry" add constraint "point_ledger_entry_kind_check" check ("kind" in ('CHARGE', 'ORDER', 'REFUND', 'ADJUST'));`);
  }

}
