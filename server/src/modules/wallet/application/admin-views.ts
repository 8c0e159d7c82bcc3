import type { AdminLedgerEntryView } from '../../../contracts/index.js';
import type { LedgerEntry } from '../domain/ledger-entry.entity.js';

/** A ledger row as the console reads it (contracts/views.ts). */
export const adminLedgerEntryView = (e: LedgerEntry): AdminLedgerEntryView<Date, bigint> => ({
  id: e.id,
  memberId: e.memberId,
  amount: e.amount,
  balanceAfter: e.balanceAfter,
  kind: e.kind,
  referenceType: e.referenceType,
  referenceId: e.referenceId,
  memo: e.memo,
  createdAt: e.createdAt,
});
