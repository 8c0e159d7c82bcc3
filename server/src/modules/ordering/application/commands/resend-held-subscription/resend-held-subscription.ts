import { Injectable } from '@nestjs/common';
import type { AuditActor } from '../../../../audit/index.js';
import type { Subscription } from '../../../domain/subscription.entity.js';
import { SubscriptionChanges } from '../subscription-changes.js';

/**
 * An operator's answer to a subscription held for an unanswered `add`, after checking the provider's
 * panel: its subscription id there (followed from now on), or nothing (sent again in the next round).
 */
@Injectable()
export class ResendHeldSubscription {
  constructor(private readonly changes: SubscriptionChanges) {}

  execute(id: number, input: { providerSubscriptionId?: string }, actor: AuditActor): Promise<Subscription> {
    const link = input.providerSubscriptionId;
    return this.changes.operate(id, actor, link ? 'link-upstream' : 'resend', (s, now) =>
      link ? s.linkHeld(link, now) : s.resendHeld(now),
    );
  }
}
