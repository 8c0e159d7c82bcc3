import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/index.js';
import { Clock, filterOneOf, findPage, NotFoundError, type ListQuery, type Page } from '../../../shared/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { ALERT_KINDS, OperatorAlert, type AlertKind } from '../domain/operator-alert.entity.js';

/**
 * The one door other modules use to tell operators something: `raise` records the alert (once per
 * dedupe key, whatever replica or retry raises it) and, in the same transaction, its Telegram message
 * and its mail to OPERATOR_EMAIL as deliveries. The delivery job sends alerts due together as one digest
 * (one Telegram message, one mail). Never throws: an alert that cannot be recorded must not fail the
 * charge or order that raised it.
 */
@Injectable()
export class AlertsFacade {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly delivery: DeliveryFacade,
  ) {}

  async raise(kind: AlertKind, text: string, dedupeKey: string): Promise<void> {
    try {
      await this.em.fork().transactional(async (tx) => {
        const recorded = await tx.execute<{ id: number }[]>(
          `insert into operator_alert (kind, text, dedupe_key, created_at) values (?, ?, ?, ?) on conflict (dedupe_key) do nothing returning id`,
          [kind, text.slice(0, 2000), dedupeKey.slice(0, 200), this.clock.now()],
        );
        if (recorded.length === 0) return;
        const { TELEGRAM_CHAT_ID, OPERATOR_EMAIL } = this.config.env;
        const message = {
          event: `alert.${kind}`,
          payload: { digest: true, subject: `[SMM 알림] ${kind}`, text: text.slice(0, 2000) },
        };
        // Kept (STORED) when Telegram is not configured, as any channel without its transport.
        await this.delivery.enqueue(tx, {
          ...message,
          channel: 'TELEGRAM',
          recipient: TELEGRAM_CHAT_ID ?? 'telegram',
          dedupeKey: `alert:telegram:${recorded[0]!.id}`,
        });
        if (OPERATOR_EMAIL)
          await this.delivery.enqueue(tx, {
            ...message,
            channel: 'EMAIL',
            recipient: OPERATOR_EMAIL,
            dedupeKey: `alert:mail:${recorded[0]!.id}`,
          });
      });
    } catch (error) {
      this.logger.error(`alert ${kind} ${dedupeKey} not recorded: ${(error as Error).message}`);
    }
  }

  page(query: ListQuery): Promise<Page<OperatorAlert>> {
    return findPage(this.em.fork(), OperatorAlert, 'alerts', query, {
      sortable: ['id', 'createdAt', 'kind'],
      filters: { kind: (v) => ({ kind: filterOneOf(ALERT_KINDS, v) }) },
    });
  }

  async one(id: number): Promise<OperatorAlert> {
    const row = await this.em.fork().findOne(OperatorAlert, id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
