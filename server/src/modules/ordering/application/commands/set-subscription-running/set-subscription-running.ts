import { Injectable } from '@nestjs/common';
import type { SubscriptionStatus } from '../../../domain/subscription.entity.js';
import { SubscriptionChanges } from '../subscription-changes.js';

/** The statuses a provider's report moves a running subscription between. */
export type RunningStatus = typeof SubscriptionStatus.ACTIVE | typeof SubscriptionStatus.PAUSED;

/** The provider says Paused or Active again. */
@Injectable()
export class SetSubscriptionRunning {
  constructor(private readonly changes: SubscriptionChanges) {}

  async execute(
    id: number,
    status: typeof SubscriptionStatus.ACTIVE | typeof SubscriptionStatus.PAUSED,
  ): Promise<void> {
    await this.changes.note(id, (s, now) => {
      // Paused here for a post its member could not pay: stays paused until a post is paid.
      if (s.pauseReason !== null) return;
      if (s.status !== status) s.moveTo(status, now);
    });
  }
}
