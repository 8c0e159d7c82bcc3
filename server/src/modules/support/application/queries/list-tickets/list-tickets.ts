import { Injectable } from '@nestjs/common';
import { wrap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { TICKET_STATUSES, TICKET_TYPES } from '../../../../../contracts/index.js';
import { IdentityFacade } from '../../../../identity/index.js';
import {
  Clock,
  filterFlag,
  filterId,
  filterOneOf,
  findPage,
  type ListQuery,
  type Page,
} from '../../../../../shared/index.js';
import { Ticket, TicketStatus } from '../../../domain/ticket.entity.js';

/** The console's inbox: its rows, each with the member's login id (`memberLoginId`, null once withdrawn). */
@Injectable()
export class ListTickets {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await this.findPage(query);
    const loginIds = await this.identity.loginIdsOf([...new Set(page.rows.map((t) => t.memberId))]);
    return page.map((t) => ({ ...wrap(t).toObject(), memberLoginId: loginIds.get(t.memberId) ?? null }));
  }

  private findPage(query: ListQuery): Promise<Page<Ticket>> {
    return findPage(this.em.fork(), Ticket, 'tickets', query, {
      sortable: ['waitingSince', 'id', 'lastMessageAt', 'createdAt', 'status', 'type', 'memberId'],
      filters: {
        status: (v) => ({ status: filterOneOf(TICKET_STATUSES, v) }),
        type: (v) => ({ type: filterOneOf(TICKET_TYPES, v) }),
        memberId: (v) => ({ memberId: filterId(v) }),
        assigneeId: (v) => (v === null || v === 'none' ? { assigneeId: null } : { assigneeId: filterId(v) }),
        orderId: (v) => ({ orderIds: { $contains: [filterId(v)] } }),
        unread: (v) => ({ unread: filterFlag(v) }),
        // Waiting for the shop at least this many hours.
        waitingHours: (v) => ({
          status: TicketStatus.OPEN,
          waitingSince: { $lte: new Date(this.clock.now().getTime() - filterId(v) * 3_600_000) },
        }),
      },
    });
  }
}
