import { Injectable } from '@nestjs/common';
import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  firstBelowCost,
  memberUnitPrice,
  type MemberLevelView,
  type MemberPricing,
  type MemberRateInput,
} from '../../../contracts/index.js';
import type { AuditActor } from '../../audit/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { MemberLevel } from '../domain/member-level.entity.js';
import { RecordCharge } from './commands/record-charge/record-charge.js';
import { SetMemberLevel } from './commands/set-member-level/set-member-level.js';
import { SetMemberRate } from './commands/set-member-rate/set-member-rate.js';
import { levelBelowCost, trimPercent } from './level-rules.js';
import { MemberPricingCache } from './member-pricing-cache.js';
import { GetMemberLevel } from './queries/get-member-level/get-member-level.js';
import { ListMemberRates, type MemberRateRow } from './queries/list-member-rates/list-member-rates.js';

export type { MemberRateRow } from './queries/list-member-rates/list-member-rates.js';
export { trimPercent } from './level-rules.js';

/**
 * The member's price, in ONE place: every price a member sees or pays (storefront, API v1/v2, single,
 * auto, mass orders, subscriptions) comes from {@link unitPrice}/{@link pricingOf} through the contracts'
 * `memberUnitPrice` (custom rate > level discount > list price). Levels move up here when billing accepts a charge.
 */
@Injectable()
export class PricingFacade implements EventSubscriber<MemberLevel> {
  constructor(
    em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly pricing: MemberPricingCache,
    private readonly charges: RecordCharge,
    private readonly levels: GetMemberLevel,
    private readonly levelSetter: SetMemberLevel,
    private readonly memberRates: ListMemberRates,
    private readonly rateSetter: SetMemberRate,
  ) {
    // A level's discount changed or removed through the console (an entity write) reprices all its members at
    // once; a member's rates and standing are written by the use cases, each followed by a forget.
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
   * The member's discount and custom rates, floored at cost (a shared copy: read it, do not change it).
   */
  pricingOf(memberId: number): Promise<MemberPricing> {
    return this.pricing.pricingOf(memberId);
  }

  private async checkLevel(level: MemberLevel): Promise<void> {
    const costs = await this.catalog.serviceCosts({ fresh: true });
    const below = firstBelowCost({ discountPercent: trimPercent(level.discountPercent), rates: {} }, costs);
    if (below) throw levelBelowCost(trimPercent(level.discountPercent), below);
  }

  /** The member's unit price of the service (exact decimal string). */
  async unitPrice(memberId: number, service: { id: number; point: string }): Promise<string> {
    return memberUnitPrice(service.point, service.id, await this.pricingOf(memberId));
  }

  /**
   * Billing accepted a charge of `amount` won, in its transaction: it counts toward the member's level, and
   * the member moves up to the highest level now reached.
   */
  chargeAccepted(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
    return this.charges.accepted(tx, memberId, amount);
  }

  /** Billing gave back `amount` of an accepted charge (refund, chargeback), in its transaction: the level follows. */
  chargeReversed(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
    return this.charges.reversed(tx, memberId, amount);
  }

  /** The member's level, accepted charges and what is left to the next level (the account page, the profile). */
  levelOf(memberId: number): Promise<MemberLevelView<bigint>> {
    return this.levels.execute(memberId);
  }

  /** An operator sets the member's level (null: none); it stays (refunds too) until a charge reaches a higher one. */
  setLevel(memberId: number, levelId: number | null, operator: AuditActor): Promise<MemberLevelView<bigint>> {
    return this.levelSetter.execute(memberId, levelId, operator);
  }

  /** The member's custom rates with each service's list price. */
  rates(memberId: number): Promise<MemberRateRow[]> {
    return this.memberRates.execute(memberId);
  }

  /** Sets (or replaces) the member's unit price of a service. */
  setRate(memberId: number, input: MemberRateInput, operator: AuditActor): Promise<MemberRateRow> {
    return this.rateSetter.set(memberId, input, operator);
  }

  /** Removes the member's rate for the service: the level discount (or list price) applies again. */
  deleteRate(memberId: number, serviceId: number, operator: AuditActor): Promise<MemberRateRow> {
    return this.rateSetter.remove(memberId, serviceId, operator);
  }
}
