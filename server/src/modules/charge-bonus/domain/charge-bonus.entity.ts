import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { WonType, type ReclaimableGrant } from '../../../shared/index.js';

/**
 * The bonus one accepted charge earned: one row per charge, beside its CHARGE_BONUS ledger entry. Refunds
 * take back their share; what the member had already spent is kept as `unrecovered` (never a debt), as a
 * referral reward's is.
 */
@Entity({ tableName: 'charge_bonus' })
@Unique({ name: 'charge_bonus_charge_unique', properties: ['chargeId'] })
@Index({ name: 'charge_bonus_member', properties: ['memberId', 'id'] })
export class ChargeBonus implements ReclaimableGrant {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  chargeId!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  /** The tier that applied (kept as a number: the operator may delete the tier later). */
  @Property({ type: 'integer' })
  tierId!: number;

  /** The charge's points the bonus was computed on. */
  @Property({ type: new WonType() })
  point!: bigint;

  @Property({ type: new WonType() })
  amount!: bigint;

  /** Taken back after refunds. */
  @Property({ type: new WonType() })
  reclaimed: bigint = 0n;

  /** Should have been taken back but the member's points were already spent. */
  @Property({ type: new WonType() })
  unrecovered: bigint = 0n;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
