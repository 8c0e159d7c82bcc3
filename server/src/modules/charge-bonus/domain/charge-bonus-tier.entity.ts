import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  CHARGE_BONUS_KINDS,
  CHARGE_BONUS_METHODS,
  type ChargeBonusKind,
  type ChargeBonusMethod,
} from '../../../contracts/charge-bonus.js';

/**
 * A 충전 보너스 tier the operator sets: charges of `minAmount` points or more (paid by `method`, or by any
 * method when null) get `value` percent or `value` points more. One tier per (minAmount, method): a
 * unique index in the migration (over coalesce(method, ''), so two all-method tiers collide too).
 */
@Entity({ tableName: 'charge_bonus_tier' })
export class ChargeBonusTier {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The smallest charge (points) the tier applies to. */
  @Property({ type: 'integer' })
  minAmount!: number;

  @Enum({ items: [...CHARGE_BONUS_KINDS] })
  kind!: ChargeBonusKind;

  /** A percent (1–100) or fixed points (1–10,000,000). */
  @Property({ type: 'integer' })
  value!: number;

  @Enum({ items: [...CHARGE_BONUS_METHODS], nullable: true })
  method: ChargeBonusMethod | null = null;

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
