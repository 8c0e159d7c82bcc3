import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/index.js';
import { Clock, SingleFlight } from '../../../shared/index.js';
import { Messenger } from '../../identity/index.js';
import { OperatorAlert } from '../domain/operator-alert.entity.js';
import { Telegram, TelegramError } from '../application/telegram.js';

const BATCH = 200;
const MAX_ATTEMPTS = 10;
const SHOWN_IN_SUMMARY = 20;

/** 30 s, 1 min, 2 min … at most an hour; Telegram's retry_after when it said how long. */
export function backoffMs(attempts: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
  return retryAfterSeconds !== null ? Math.max(retryAfterSeconds * 1000, 1000) : backoff;
}

export function compose(alerts: Pick<OperatorAlert, 'text'>[]): string {
  if (alerts.length === 1) return `[SMM 알림] ${alerts[0]!.text}`;
  const lines = alerts.slice(0, SHOWN_IN_SUMMARY).map((a) => `• ${a.text}`);
  const more = alerts.length > SHOWN_IN_SUMMARY ? [`외 ${alerts.length - SHOWN_IN_SUMMARY}건`] : [];
  return [`[SMM 알림] 새 알림 ${alerts.length}건`, ...lines, ...more].join('\n');
}

/**
 * Delivers due alerts. Every tick (10 s, JOBS on) one replica claims all due alerts (FOR UPDATE SKIP
 * LOCKED) and sends them as ONE Telegram message (a summary when several fell due since the last tick)
 * and one mail to OPERATOR_EMAIL through the outbox; a Telegram failure is retried with backoff (its
 * retry_after after a 429), the mail is not repeated. Tests call runOnce().
 */
@Injectable()
export class AlertSenderJob {
  private readonly flight = new SingleFlight();
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly telegram: Telegram,
    private readonly messenger: Messenger,
  ) {}

  @Interval('operator-alerts', 10_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  /** Sends what is due; answers how many alerts it handled (0 when none was due or another replica had them). */
  async runOnce(): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const due = await tx.find(
        OperatorAlert,
        { status: 'PENDING', nextAttemptAt: { $lte: now } },
        { orderBy: { id: 'ASC' }, limit: BATCH, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (due.length === 0) return 0;
      const text = compose(due);
      const email = this.config.env.OPERATOR_EMAIL;
      const unmailed = due.filter((a) => !a.mailedAt);
      if (email && unmailed.length) {
        await this.messenger.email(
          email,
          unmailed.length === 1 ? `[SMM 알림] ${unmailed[0]!.kind}` : `[SMM 알림] 새 알림 ${unmailed.length}건`,
          compose(unmailed),
        );
        for (const a of unmailed) a.mailedAt = now;
      }
      if (!this.telegram.configured) {
        for (const a of due) {
          a.status = email ? 'SENT' : 'STORED';
          if (email) a.sentAt = now;
        }
        return due.length;
      }
      try {
        await this.telegram.send(text);
        for (const a of due) {
          a.status = 'SENT';
          a.sentAt = now;
          a.attempts += 1;
          a.lastError = null;
        }
      } catch (error) {
        const retryAfter = error instanceof TelegramError ? error.retryAfterSeconds : null;
        for (const a of due) {
          a.attempts += 1;
          a.lastError = (error as Error).message;
          a.nextAttemptAt = new Date(now.getTime() + backoffMs(a.attempts, retryAfter));
          if (a.attempts >= MAX_ATTEMPTS) a.status = 'FAILED';
        }
        this.logger.warn(`Telegram alert of ${due.length} failed: ${(error as Error).message}`);
      }
      return due.length;
    });
  }
}
