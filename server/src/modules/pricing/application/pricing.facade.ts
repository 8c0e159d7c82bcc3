import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException, type EventArgs, type EventSubscriber } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  firstBelowCost,
  levelBelowCostMessage,
  memberUnitPrice,
  NO_PRICING,
  priceLabel,
  rateBelowCostMessage,
  scaledPrice,
  withCostFloors,
  type MemberLevelView,
  type MemberPricing,
  type MemberRateInput,
  type ServiceCost,
} from '../../../contracts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { Clock, DomainError, executePrepared, NotFoundError, ShortCache } from '../../../shared/index.js';
import { MemberLevel } from '../domain/member-level.entity.js';
import { MemberRate } from '../domain/member-rate.entity.js';
import { MemberStanding } from '../domain/member-standing.entity.js';
import { lowerStanding } from './member-standing.js';

/** How long a process keeps a member's pricing: as long as it keeps a service's list price (catalog). */
const PRICING_CACHE_MS = 2_000;

/** A custom rate as the console lists it. */
export interface MemberRateRow {
  id: number;
  serviceId: number;
  service: string;
  listPoint: string;
  point: string;
  updatedAt: Date;
}

/**
 * The member's price, in ONE place: every price a member sees or pays (storefront, API v1/v2, single,
 * auto, mass orders, subscriptions) comes from {@link unitPrice}/{@link pricingOf} through the contracts'
 * `memberUnitPrice` (custom rate > level discount > list price). Levels move up here when billing accepts a charge.
 */
@Injectable()
export class PricingFacade implements EventSubscriber<MemberLevel> {
  // Every order prices itself (a reseller's tool orders several times a second): the member's discount and
  // all their custom rates in one read, kept as long as services' list prices are, renewed for all members
  // in use together.
  private readonly pricing = ShortCache.batched<number, MemberPricing>(PRICING_CACHE_MS, async (memberIds) => {
    const members = `{${memberIds.join(',')}}`;
    const rows = await executePrepared<{ member_id: number; service_id: number | null; point: string }>(
      this.em,
      `select s.member_id, null::int as service_id, l.discount_percent::text as point
         from member_standing s join member_level l on l.id = s.level_id where s.member_id = any(?::int[])
       union all
       select member_id, service_id, point::text from member_rate where member_id = any(?::int[])`,
      [members, members],
    );
    const byMember = new Map<number, MemberPricing>();
    for (const row of rows) {
      let pricing = byMember.get(row.member_id);
      if (!pricing) byMember.set(row.member_id, (pricing = { discountPercent: '0', rates: {} }));
      if (row.service_id === null) pricing.discountPercent = row.point;
      else pricing.rates[row.service_id] = row.point;
    }
    return memberIds.map((id) => byMember.get(id) ?? NO_PRICING);
  });

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
  ) {
    // A level's discount changed or removed through the console (an entity write) reprices all its members at
    // once; a member's rates and standing are written by the statements below, each followed by a forget.
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [MemberLevel];
  }

  /** A level is written whichever way (console, anything else) only at a discount that sells nothing below cost. */
  async beforeCreate(args: EventArgs<MemberLevel>): Promise<void> {
    await this.checkLevel(args.entity);
  }

  async beforeUpdate(args: EventArgs<MemberLevel>): Promise<void> {
    if (args.changeSet && 'discountPercent' in args.changeSet.payload) await this.checkLevel(args.entity);
  }

  afterUpdate(): void {
    this.pricing.forget();
  }

  afterDelete(): void {
    this.pricing.forget();
  }

  /**
   * The member's discount and custom rates, floored at cost: where either would sell a service below what it
   * costs us (a cost that rose after the rate was set), the cost is the member's rate for it. A shared copy:
   * read it, do not change it.
   */
  async pricingOf(memberId: number): Promise<MemberPricing> {
    const [pricing, costs] = await Promise.all([this.pricing.get(memberId), this.catalog.serviceCosts()]);
    const kept = this.floored.get(pricing);
    if (kept?.costs === costs) return kept.result;
    const result = withCostFloors(pricing, costs);
    this.floored.set(pricing, { costs, result });
    return result;
  }

  // The floored pricing per (member's pricing, costs) copy: each is worked out once while both are kept.
  private readonly floored = new WeakMap<MemberPricing, { costs: ServiceCost[]; result: MemberPricing }>();

  private async checkLevel(level: MemberLevel): Promise<void> {
    const costs = await this.catalog.serviceCosts({ fresh: true });
    const below = firstBelowCost({ discountPercent: trimPercent(level.discountPercent), rates: {} }, costs);
    if (below) throw this.levelBelowCost(trimPercent(level.discountPercent), below);
  }

  private levelBelowCost(percent: string, below: { service: ServiceCost; price: bigint }): DomainError {
    const { service, price } = below;
    return new DomainError(
      'PRICING_BELOW_COST',
      levelBelowCostMessage(
        percent,
        service.id,
        priceLabel(price, service.perPackage),
        priceLabel(service.cost, service.perPackage),
      ),
    );
  }

  /** The member's unit price of the service (exact decimal string). */
  async unitPrice(memberId: number, service: { id: number; point: string }): Promise<string> {
    return memberUnitPrice(service.point, service.id, await this.pricingOf(memberId));
  }

  /**
   * Billing accepted a charge of `amount` won, in its transaction: it counts toward the member's level, and
   * the member moves up to the highest level now reached (never down: a level set higher by an operator stays;
   * one reached is earned, no longer the operator's).
   */
  async chargeAccepted(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
    const now = this.clock.now();
    await tx.execute(
      `insert into member_standing (member_id, charged, updated_at) values (?, ?, ?)
       on conflict (member_id) do update set charged = member_standing.charged + excluded.charged, updated_at = excluded.updated_at`,
      [memberId, amount.toString(), now],
    );
    await tx.execute(
      `update member_standing s
          set level_id = (select l.id from member_level l where l.threshold <= s.charged order by l.threshold desc limit 1),
              level_by_hand = false
        where s.member_id = ?
          and exists (select 1 from member_level l where l.threshold <= s.charged
                        and l.threshold > coalesce((select c.threshold from member_level c where c.id = s.level_id), -1))`,
      [memberId],
    );
    this.pricing.forget(memberId);
  }

  /** Billing gave back `amount` of an accepted charge (refund, chargeback), in its transaction: the level follows. */
  async chargeReversed(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
    await lowerStanding(tx, memberId, amount, this.clock.now());
    this.pricing.forget(memberId);
  }

  /** The member's level, accepted charges and what is left to the next level (the account page, the profile). */
  async levelOf(memberId: number): Promise<MemberLevelView<bigint>> {
    const em = this.em.fork();
    const [standing, levels] = await Promise.all([
      em.findOne(MemberStanding, { memberId }),
      em.find(MemberLevel, {}, { orderBy: { threshold: 'ASC' } }),
    ]);
    const charged = standing?.charged ?? 0n;
    const current = levels.find((l) => l.id === standing?.levelId) ?? null;
    const floor = current?.threshold ?? -1n;
    const next = levels.find((l) => l.threshold > floor && l.threshold > charged) ?? null;
    return {
      name: current?.name ?? null,
      discountPercent: current ? trimPercent(current.discountPercent) : '0',
      charged,
      next: next
        ? {
            name: next.name,
            threshold: next.threshold,
            remaining: next.threshold - charged,
            discountPercent: trimPercent(next.discountPercent),
          }
        : null,
    };
  }

  /** An operator sets the member's level (null: none); it stays (refunds too) until a charge reaches a higher one. */
  async setLevel(memberId: number, levelId: number | null, operator: AuditActor): Promise<MemberLevelView<bigint>> {
    await this.em.fork().transactional(async (tx) => {
      const level = levelId === null ? null : await tx.findOne(MemberLevel, levelId);
      if (levelId !== null && !level) throw new NotFoundError('PRICING_LEVEL_MISSING');
      if (level) {
        // The member's own rates win over the level: only the services without one take its discount.
        const rates = Object.fromEntries(
          (await tx.find(MemberRate, { memberId })).map((r) => [r.serviceId, r.point] as const),
        );
        const percent = trimPercent(level.discountPercent);
        const below = firstBelowCost(
          { discountPercent: percent, rates },
          await this.catalog.serviceCosts({ fresh: true }),
        );
        if (below) throw this.levelBelowCost(percent, below);
      }
      const before = await tx.findOne(MemberStanding, { memberId });
      try {
        await tx.execute(
          `insert into member_standing (member_id, level_id, level_by_hand, charged, updated_at) values (?, ?, true, 0, ?)
           on conflict (member_id) do update
             set level_id = excluded.level_id, level_by_hand = true, updated_at = excluded.updated_at`,
          [memberId, levelId, this.clock.now()],
        );
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw new NotFoundError('PRICING_MEMBER_MISSING');
        throw error;
      }
      this.audit.record(tx, operator, {
        action: 'set-level',
        resource: 'members',
        resourceId: memberId,
        before: { levelId: before?.levelId ?? null },
        after: { levelId },
      });
    });
    this.pricing.forget(memberId);
    return this.levelOf(memberId);
  }

  /** The member's custom rates with each service's list price. */
  async rates(memberId: number): Promise<MemberRateRow[]> {
    const rows = await this.em.fork().find(MemberRate, { memberId }, { orderBy: { serviceId: 'ASC' } });
    const services = await this.catalog.servicesByIds(rows.map((r) => r.serviceId));
    return rows.map((r) => ({
      id: r.serviceId,
      serviceId: r.serviceId,
      service: services.get(r.serviceId)?.text ?? '',
      listPoint: services.get(r.serviceId)?.point ?? '',
      point: r.point,
      updatedAt: r.updatedAt,
    }));
  }

  /** Sets (or replaces) the member's unit price of a service. */
  async setRate(memberId: number, input: MemberRateInput, operator: AuditActor): Promise<MemberRateRow> {
    const service = await this.catalog.getService(input.serviceId);
    if (!service) throw new NotFoundError('PRICING_SERVICE_MISSING');
    const cost = (await this.catalog.serviceCosts({ fresh: true })).find((c) => c.id === input.serviceId);
    if (cost && scaledPrice(input.point) < cost.cost)
      throw new DomainError(
        'PRICING_BELOW_COST',
        rateBelowCostMessage(
          priceLabel(scaledPrice(input.point), cost.perPackage),
          priceLabel(cost.cost, cost.perPackage),
        ),
      );
    const now = this.clock.now();
    await this.em.fork().transactional(async (tx) => {
      const before = await tx.findOne(MemberRate, { memberId, serviceId: input.serviceId });
      try {
        await tx.execute(
          `insert into member_rate (member_id, service_id, point, updated_at) values (?, ?, ?, ?)
           on conflict (member_id, service_id) do update set point = excluded.point, updated_at = excluded.updated_at`,
          [memberId, input.serviceId, input.point, now],
        );
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw new NotFoundError('PRICING_MEMBER_MISSING');
        throw error;
      }
      this.audit.record(tx, operator, {
        action: 'set-rate',
        resource: 'members',
        resourceId: memberId,
        before: before ? { serviceId: before.serviceId, point: before.point } : null,
        after: { serviceId: input.serviceId, point: input.point },
      });
    });
    this.pricing.forget(memberId);
    const row = (await this.rates(memberId)).find((r) => r.serviceId === input.serviceId);
    if (!row) throw new DomainError('PRICING_RATE_NOT_SAVED');
    return row;
  }

  /** Removes the member's rate for the service: the level discount (or list price) applies again. */
  async deleteRate(memberId: number, serviceId: number, operator: AuditActor): Promise<MemberRateRow> {
    const row = (await this.rates(memberId)).find((r) => r.serviceId === serviceId);
    if (!row) throw new NotFoundError('PRICING_RATE_MISSING');
    await this.em.fork().transactional(async (tx) => {
      await tx.nativeDelete(MemberRate, { memberId, serviceId });
      this.audit.record(tx, operator, {
        action: 'delete-rate',
        resource: 'members',
        resourceId: memberId,
        before: { serviceId, point: row.point },
      });
    });
    this.pricing.forget(memberId);
    return row;
  }
}

/** "2.50" → "2.5", "5.00" → "5". */
export const trimPercent = (percent: string): string =>
  percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;
