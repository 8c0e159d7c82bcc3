// The wallet module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { LedgerEntry } from './domain/ledger-entry.entity.js';
import { PointAccount } from './domain/point-account.entity.js';
import { PointDebt } from './domain/point-debt.entity.js';

export { LedgerEntry, PointAccount, PointDebt };
export const walletEntities = [PointAccount, LedgerEntry, PointDebt];
