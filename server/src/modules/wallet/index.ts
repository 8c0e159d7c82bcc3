export { WalletModule } from './wallet.module.js';
export { WalletFacade, InsufficientPointsError, type LedgerReference, type Movement, type MovementResult, type InvariantViolation, type PaidRow } from './application/wallet.facade.js';
export { LedgerEntry, LedgerKind } from './domain/ledger-entry.entity.js';
export { PointAccount } from './domain/point-account.entity.js';
