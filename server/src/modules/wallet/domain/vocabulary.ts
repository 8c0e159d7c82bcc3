// The wallet's words other modules use as values (ledger kinds); the entities that carry them stay inside.
export { LedgerKind } from './ledger-entry.entity.js';
