import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  OUTBOX_CHANNELS,
  type WebhookDeliveryView,
} from '../../../../../contracts/index.js';
import {
  filterId,
  filterOneOf,
  filterString,
  findPage,
  NotFoundError,
  Page,
  searchIn,
  type ListQuery,
} from '../../../../../shared/index.js';
import { Delivery } from '../../../domain/delivery.entity.js';
import { consoleRow, outboxRow, webhookDeliveryView as view } from '../../delivery-views.js';

/** The deliveries as the console (발송 내역, 메일·SMS 발송함) and the member (their webhook log) read them. */
@Injectable()
export class ListDeliveries {
  constructor(private readonly em: EntityManager) {}

  /** The member's last 100 webhook deliveries, newest first. */
  async memberDeliveries(memberId: number): Promise<WebhookDeliveryView[]> {
    const rows = await this.em
      .fork()
      .find(Delivery, { memberId, channel: 'WEBHOOK' }, { orderBy: { id: 'DESC' }, limit: 100 });
    return rows.map(view);
  }

  async page(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await findPage(this.em.fork(), Delivery, 'deliveries', query, {
      sortable: ['id', 'createdAt', 'channel', 'event', 'status', 'attempts', 'sentAt'],
      filters: {
        channel: (v) => ({ channel: filterOneOf(DELIVERY_CHANNELS, v) }),
        status: (v) => ({ status: filterOneOf(DELIVERY_STATUSES, v) }),
        memberId: (v) => ({ memberId: filterId(v) }),
        q: searchIn('event'),
      },
    });
    return new Page(page.resource, page.rows.map(consoleRow), page.total, page.start);
  }

  async one(id: number): Promise<Record<string, unknown>> {
    const row = await this.em.fork().findOne(Delivery, id);
    if (!row) throw new NotFoundError('WEBHOOK_DELIVERY_NOT_FOUND');
    return consoleRow(row);
  }

  // ---- The console's 메일·SMS 발송함 (`outbox`): this engine's mail and SMS, codes and links masked

  async outboxPage(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await findPage(this.em.fork(), Delivery, 'outbox', query, {
      where: { channel: { $in: [...OUTBOX_CHANNELS] } },
      sortable: ['id', 'createdAt', 'recipient', 'status', 'channel'],
      filters: {
        channel: (v) => ({ channel: filterOneOf(OUTBOX_CHANNELS, v) }),
        status: (v) => ({ status: filterOneOf(DELIVERY_STATUSES, v) }),
        recipient: (v) => ({ recipient: filterString(v, 200) }),
        q: searchIn('recipient', 'event'),
      },
    });
    return new Page(page.resource, page.rows.map(outboxRow), page.total, page.start);
  }

  async outboxOne(id: number): Promise<Record<string, unknown>> {
    const row = await this.em.fork().findOne(Delivery, { id, channel: { $in: [...OUTBOX_CHANNELS] } });
    if (!row) throw new NotFoundError();
    return outboxRow(row);
  }
}
