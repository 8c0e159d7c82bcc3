import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { MemberLevelView } from '../../../../../contracts/index.js';
import { MemberLevel } from '../../../domain/member-level.entity.js';
import { MemberStanding } from '../../../domain/member-standing.entity.js';
import { trimPercent } from '../../level-rules.js';

@Injectable()
export class GetMemberLevel {
  constructor(private readonly em: EntityManager) {}

  /** The member's level, accepted charges and what is left to the next level (the account page, the profile). */
  async execute(memberId: number): Promise<MemberLevelView<bigint>> {
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
}
