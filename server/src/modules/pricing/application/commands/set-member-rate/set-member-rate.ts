import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { priceLabel, rateBelowCostMessage, scaledPrice, type MemberRateInput } from '../../../../../contracts/index.js';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { Clock, DomainError, NotFoundError } from '../../../../../shared/index.js';
import { MemberRate } from '../../../domain/member-rate.entity.js';
import { MemberPricingCache } from '../../member-pricing-cache.js';
import { ListMemberRates, type MemberRateRow } from '../../queries/list-member-rates/list-member-rates.js';

/** An operator sets or removes a member's own unit price of a service. */
@Injectable()
export class SetMemberRate {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
    private readonly pricing: MemberPricingCache,
    private readonly rates: ListMemberRates,
  ) {}

  /** Sets (or replaces) the member's unit price of a service. */
  async set(memberId: number, input: MemberRateInput, operator: AuditActor): Promise<MemberRateRow> {
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
    const row = (await this.rates.execute(memberId)).find((r) => r.serviceId === input.serviceId);
    if (!row) throw new DomainError('PRICING_RATE_NOT_SAVED');
    return row;
  }

  /** Removes the member's rate for the service: the level discount (or list price) applies again. */
  async remove(memberId: number, serviceId: number, operator: AuditActor): Promise<MemberRateRow> {
    const row = (await this.rates.execute(memberId)).find((r) => r.serviceId === serviceId);
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
