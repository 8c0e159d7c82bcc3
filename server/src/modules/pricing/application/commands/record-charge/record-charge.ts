import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { lowerStanding } from '../../member-standing.js';
import { MemberPricingCache } from '../../member-pricing-cache.js';

/** A charge accepted or given back counts toward the member's level. */
@Injectable()
export class RecordCharge {
  constructor(
    private readonly clock: Clock,
    private readonly pricing: MemberPricingCache,
  ) {}

  /**
   * Billing accepted a charge of `amount` won, in its transaction: it counts toward the member's level, and
   * the member moves up to the highest level now reached (never down: a level set higher by an operator stays;
   * one reached is earned, no longer the operator's).
   */
  async accepted(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
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
  async reversed(tx: EntityManager, memberId: number, amount: bigint): Promise<void> {
    await lowerStanding(tx, memberId, amount, this.clock.now());
    this.pricing.forget(memberId);
  }
}
