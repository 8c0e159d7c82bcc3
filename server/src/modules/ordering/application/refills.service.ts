import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, wrap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_ACTION_ERRORS, REFILL_COOLDOWN_HOURS, refillVerdict } from '../../../contracts/index.js';
import { memberOrderFacts } from './member-order-facts.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { SettingsService } from '../../settings/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { announceRefill } from './announcements.js';
import {
  Clock,
  DomainError,
  filterFlag,
  filterId,
  filterOneOf,
  findPage,
  NotFoundError,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { Order } from '../domain/order.entity.js';
import { OPEN_REFILL_STATUSES, Refill, RefillStatus } from '../domain/refill.entity.js';

const RESOURCE = 'refills';

/**
 * Members' refill requests (storefront and API v2) and operators' handling of those no provider takes.
 * Fulfilment forwards the others to the provider and follows them. No money moves on a refill.
 */
@Injectable()
export class Refills {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly delivery: DeliveryFacade,
  ) {}

  /** The operator's REFILL_COOLDOWN_HOURS; unset reads as 24. */
  async cooldownHours(): Promise<number> {
    const raw = Number(await this.settings.get('REFILL_COOLDOWN_HOURS'));
    return Number.isInteger(raw) && raw > 0 ? raw : REFILL_COOLDOWN_HOURS;
  }

  /** A refill of the member's COMPLETED/PARTIAL order of a refill service, within its refill days, one open at a time, one a day. */
  async request(memberId: number, orderId: number): Promise<Refill> {
    const cooldown = await this.cooldownHours();
    try {
      return await this.em.fork().transactional(async (tx) => {
        const order = await tx.findOne(Order, { id: orderId, memberId });
        if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
        const service = await this.catalog.getService(order.serviceId);
        const last = await tx.findOne(Refill, { orderId }, { orderBy: { createdAt: 'DESC', id: 'DESC' } });
        const now = this.clock.now();
        const verdict = refillVerdict(memberOrderFacts(order, service, last), { now, refillCooldownHours: cooldown });
        if (!verdict.allowed) throw new DomainError(ORDER_ACTION_ERRORS[verdict.code], verdict.reason);
        const refill = Refill.request({ orderId, memberId, providerId: order.upstream ? order.providerId : null, now });
        await tx.persist(refill).flush();
        return refill;
      });
    } catch (error) {
      // Two requests at once: the partial unique index lets one open refill per order.
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('REFILL_OPEN');
      throw error;
    }
  }

  /** The member's own refills by id; others' are absent. */
  forMember(memberId: number, ids: number[]): Promise<Refill[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.fork().find(Refill, { id: { $in: ids }, memberId });
  }

  /** The latest refill of each of these orders. */
  async latestOf(orderIds: number[]): Promise<Map<number, Refill>> {
    const rows =
      orderIds.length === 0
        ? []
        : await this.em
            .fork()
            .find(Refill, { orderId: { $in: orderIds } }, { orderBy: { createdAt: 'ASC', id: 'ASC' } });
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  page(query: ListQuery): Promise<Page<Refill>> {
    return findPage(this.em.fork(), Refill, RESOURCE, query, {
      sortable: ['id', 'createdAt', 'updatedAt', 'status', 'orderId', 'memberId'],
      filters: {
        status: (v) => ({ status: filterOneOf(Object.values(RefillStatus), v) }),
        memberId: (v) => ({ memberId: filterId(v) }),
        orderId: (v) => ({ orderId: filterId(v) }),
        // 'none': refills an operator handles (no provider).
        providerId: (v) => (v === null || v === 'none' ? { providerId: null } : { providerId: filterId(v) }),
        open: (v) =>
          filterFlag(v) ? { status: { $in: OPEN_REFILL_STATUSES } } : { status: { $nin: OPEN_REFILL_STATUSES } },
      },
    });
  }

  async get(id: number): Promise<Refill> {
    const refill = await this.em.fork().findOne(Refill, { id });
    if (!refill) throw new NotFoundError('REFILL_NOT_FOUND');
    return refill;
  }

  /** An operator marks a refill done. */
  complete(id: number, actor: AuditActor): Promise<Refill> {
    return this.command(id, actor, 'complete', (refill, now) => refill.complete(now));
  }

  /** An operator rejects a refill with the reason the member sees. */
  reject(id: number, reason: string, actor: AuditActor): Promise<Refill> {
    if (!reason.trim()) throw new DomainError('REFILL_REJECT_REASON');
    return this.command(id, actor, 'reject', (refill, now) => refill.reject(reason.trim(), now));
  }

  private command(
    id: number,
    actor: AuditActor,
    action: string,
    change: (refill: Refill, now: Date) => void,
  ): Promise<Refill> {
    return this.em.fork().transactional(async (tx) => {
      const refill = await tx.findOne(Refill, { id });
      if (!refill) throw new NotFoundError('REFILL_NOT_FOUND');
      if (!refill.isOpen) throw new DomainError('REFILL_NOT_OPEN');
      const before = wrap(refill).toObject();
      change(refill, this.clock.now());
      await announceRefill(this.delivery, tx, refill);
      this.audit.record(tx, actor, {
        action,
        resource: RESOURCE,
        resourceId: refill.id,
        before,
        after: wrap(refill).toObject(),
      });
      return refill;
    });
  }
}
