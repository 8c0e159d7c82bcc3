import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NO_PRICING, withCostFloors, type MemberPricing, type ServiceCost } from '../../../contracts/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { executePrepared, ShortCache } from '../../../shared/index.js';

/** How long a process keeps a member's pricing: as long as it keeps a service's list price (catalog). */
const PRICING_CACHE_MS = 2_000;

/** The members' pricing as this process keeps it; every write of a level, rate or standing forgets it. */
@Injectable()
export class MemberPricingCache {
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
    private readonly catalog: CatalogFacade,
  ) {}

  /** Forgets one member's pricing, or everyone's. */
  forget(memberId?: number): void {
    if (memberId === undefined) this.pricing.forget();
    else this.pricing.forget(memberId);
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
}
