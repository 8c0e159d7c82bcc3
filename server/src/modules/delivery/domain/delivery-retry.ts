import { RetrySchedule } from '../../../shared/index.js';

/**
 * Every channel's retries (webhooks, mail, SMS, 알림톡): after the n-th failed attempt about 5 s, 30 s,
 * 2 min, 10 min, 1 h, then 6 h; given up when the next try would fall past 24 h after the message was
 * written; a receiver's Retry-After wins. The answer is the row's next attempt (발송 내역 shows it).
 */
export const DELIVERY_RETRY = new RetrySchedule({
  delays: { steps: [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000] },
  giveUpAfterMs: 24 * 3_600_000,
});
