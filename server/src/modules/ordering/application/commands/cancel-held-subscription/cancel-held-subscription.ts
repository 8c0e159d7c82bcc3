import { Injectable } from '@nestjs/common';
import type { AuditActor } from '../../../../audit/index.js';
import { LedgerKind, WalletFacade, type LedgerEntry } from '../../../../wallet/index.js';
import type { Subscription } from '../../../domain/subscription.entity.js';
import { subscriptionReference, SubscriptionChanges } from '../subscription-changes.js';

/** An operator ends a held subscription the provider's panel does not have: the whole prepayment comes back. */
@Injectable()
export class CancelHeldSubscription {
  constructor(
    private readonly changes: SubscriptionChanges,
    private readonly wallet: WalletFacade,
  ) {}

  async execute(
    id: number,
    actor: AuditActor,
  ): Promise<{ subscription: Subscription; ledgerEntry: LedgerEntry | null }> {
    const subscription = await this.changes.operate(id, actor, 'cancel', (s, now, tx) =>
      this.changes.refund(tx, s, s.cancelHeld(now)),
    );
    return {
      subscription,
      ledgerEntry: await this.wallet.findEntry(LedgerKind.REFUND, subscriptionReference(id)),
    };
  }
}
