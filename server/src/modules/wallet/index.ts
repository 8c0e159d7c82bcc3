export { WalletModule } from './wallet.module.js';
export {
  WalletFacade,
  InsufficientPointsError,
  type LedgerReference,
  type Movement,
  type MovementResult,
  type InvariantViolation,
  type PaidRow,
} from './application/wallet.facade.js';
export { LedgerKind } from './domain/vocabulary.js';
export type { LedgerEntry } from './domain/ledger-entry.entity.js';
export type { PointAccount } from './domain/point-account.entity.js';
