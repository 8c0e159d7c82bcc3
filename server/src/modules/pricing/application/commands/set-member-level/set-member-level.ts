import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { firstBelowCost, type MemberLevelView } from '../../../../../contracts/index.js';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { Clock, NotFoundError } from '../../../../../shared/index.js';
import { MemberLevel } from '../../../domain/member-level.entity.js';
import { MemberRate } from '../../../domain/member-rate.entity.js';
import { MemberStanding } from '../../../domain/member-standing.entity.js';
import { levelBelowCost, trimPercent } from '../../level-rules.js';
import { MemberPricingCache } from '../../member-pricing-cache.js';
import { GetMemberLevel } from '../../queries/get-member-level/get-member-level.js';

@Injectable()
export class SetMemberLevel {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
    private readonly pricing: MemberPricingCache,
    private readonly levels: GetMemberLevel,
  ) {}

  /** An operator sets the member's level (null: none); it stays (refunds too) until a charge reaches a higher one. */
  async execute(memberId: number, levelId: number | null, operator: AuditActor): Promise<MemberLevelView<bigint>> {
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
        if (below) throw levelBelowCost(percent, below);
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
    return this.levels.execute(memberId);
  }
}
