import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { filterOneOf, filterString, findPage, idOf, type ListQuery, type Page } from '../../../../../shared/index.js';
import { LedgerEntry, LedgerKind } from '../../../domain/ledger-entry.entity.js';
import type { LedgerReference } from '../../wallet.types.js';

/** Ledger entries: the console's page, and the entry a movement wrote. */
@Injectable()
export class ListLedger {
  constructor(private readonly em: EntityManager) {}

  ledgerPage(query: ListQuery): Promise<Page<LedgerEntry>> {
    return findPage(this.em.fork(), LedgerEntry, 'ledger-entries', query, {
      sortable: ['id', 'createdAt', 'amount', 'memberId'],
      filters: {
        memberId: idOf('memberId'),
        kind: (v) => ({ kind: filterOneOf(Object.values(LedgerKind), v) }),
        referenceType: (v) => ({ referenceType: filterString(v, 32) }),
        referenceId: (v) => ({ referenceId: filterString(v, 64) }),
      },
    });
  }

  findEntry(kind: LedgerKind, reference: LedgerReference): Promise<LedgerEntry | null> {
    return this.em
      .fork()
      .findOne(LedgerEntry, { kind, referenceType: reference.type, referenceId: String(reference.id) });
  }
}
