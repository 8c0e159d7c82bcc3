import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, filterOneOf, findPage, NotFoundError, type ListQuery, type Page } from '../../../shared/index.js';
import { ALERT_KINDS, ALERT_STATUSES, OperatorAlert, type AlertKind } from '../domain/operator-alert.entity.js';

/**
 * The one door other modules use to tell operators something: `raise` records the alert (once per
 * dedupe key, whatever replica or retry raises it) and the sender job delivers it. Never throws: an
 * alert that cannot be recorded must not fail the charge or order that raised it.
 */
@Injectable()
export class AlertsFacade {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async raise(kind: AlertKind, text: string, dedupeKey: string): Promise<void> {
    try {
      const now = this.clock.now();
      await this.em
        .fork()
        .execute(
          `insert into operator_alert (kind, text, dedupe_key, status, attempts, next_attempt_at, created_at) values (?, ?, ?, 'PENDING', 0, ?, ?) on conflict (dedupe_key) do nothing`,
          [kind, text.slice(0, 2000), dedupeKey.slice(0, 200), now, now],
        );
    } catch (error) {
      this.logger.error(`alert ${kind} ${dedupeKey} not recorded: ${(error as Error).message}`);
    }
  }

  page(query: ListQuery): Promise<Page<OperatorAlert>> {
    return findPage(this.em.fork(), OperatorAlert, 'alerts', query, {
      sortable: ['id', 'createdAt', 'kind', 'status', 'sentAt', 'attempts'],
      filters: {
        kind: (v) => ({ kind: filterOneOf(ALERT_KINDS, v) }),
        status: (v) => ({ status: filterOneOf(ALERT_STATUSES, v) }),
      },
    });
  }

  async one(id: number): Promise<OperatorAlert> {
    const row = await this.em.fork().findOne(OperatorAlert, id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
