export { WalletModule } from './wallet.module.js';
export {
  WalletFacade,
  InsufficientPointsError,
  OutstandingDebtError,
  type LedgerReference,
  type Movement,
  type MovementResult,
  type InvariantViolation,
  type PaidRow,
  type PaidRowRequest,
  type PaidRows,
} from './application/wallet.facade.js';
export { LedgerKind } from './domain/vocabulary.js';
export type { LedgerEntry } from './domain/ledger-entry.entity.js';
export type { PointAccount } from './domain/point-account.entity.js';
export type { PointDebt } from './domain/point-debt.entity.js';
