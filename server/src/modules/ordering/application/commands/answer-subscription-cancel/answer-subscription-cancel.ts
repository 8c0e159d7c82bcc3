import { Injectable } from '@nestjs/common';
import { SubscriptionChanges } from '../subscription-changes.js';

/** Records the provider's answer to a forwarded cancel: taken (the status ends it) or refused with its reason. */
@Injectable()
export class AnswerSubscriptionCancel {
  constructor(private readonly changes: SubscriptionChanges) {}

  async execute(id: number, answer: { forwarded: true } | { refused: string }): Promise<void> {
    await this.changes.note(id, (s, now) => {
      if (!s.cancelPending) return;
      if ('forwarded' in answer) s.cancelForwarded(now);
      else s.cancelRefused(answer.refused, now);
    });
  }
}
