import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { proportionalTakeBack, WonType } from '../../../shared/index.js';

/**
 * A referrer's reward for one accepted charge of a member they referred: one row per charge. A
 * refund takes back its share; what the referrer had already spent is kept as `unrecovered` so the
 * operator sees it.
 */
@Entity({ tableName: 'referral_reward' })
@Unique({ name: 'referral_reward_charge_unique', properties: ['chargeId'] })
@Index({ name: 'referral_reward_referrer', properties: ['referrerId', 'id'] })
export class ReferralReward {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  chargeId!: number;

  @Property({ type: 'integer' })
  referrerId!: number;

  @Property({ type: 'integer' })
  referredId!: number;

  /** REFERRAL_RATE (percent) when the reward was given. */
  @Property({ type: 'integer' })
  rate!: number;

  @Property({ type: new WonType() })
  amount!: bigint;

  /** Taken back from the referrer after refunds. */
  @Property({ type: new WonType() })
  reclaimed: bigint = 0n;

  /** Should have been taken back but the referrer's points were already spent. */
  @Property({ type: new WonType() })
  unrecovered: bigint = 0n;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** floor(point × rate / 100): whole won, never rounded up. */
  static rewardFor(point: bigint, rate: number): bigint {
    return (point * BigInt(rate)) / 100n;
  }

  /** What a refund takes back: the shared cumulative rule (shared/proportional-share.ts). */
  shareOf(refundedTotal: bigint, chargePoint: bigint): bigint {
    return proportionalTakeBack(this.amount, this.reclaimed + this.unrecovered, refundedTotal, chargePoint);
  }
}
