import { DecimalType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PriceChangeKind, PriceChangeStatus, PriceRule } from '../../../contracts/index.js';

/** One thing the price sync changed (or only alerted) about a service, as the 가격 변경 내역 list shows it. */
@Entity({ tableName: 'price_change' })
@Index({ name: 'price_change_created', properties: ['createdAt', 'id'] })
export class PriceChange {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  providerId!: number;

  /** Our service (null: none sells it). */
  @Property({ type: 'integer', nullable: true })
  serviceId: number | null = null;

  @Property({ type: 'string', length: 100 })
  providerServiceId!: string;

  @Property({ type: 'string', length: 20 })
  kind!: PriceChangeKind;

  /** The service's rule when the rate changed. */
  @Property({ type: 'string', length: 20, nullable: true })
  rule: PriceRule | null = null;

  @Property({ type: new DecimalType('string'), precision: 20, scale: 6, nullable: true })
  oldRate: string | null = null;

  @Property({ type: new DecimalType('string'), precision: 20, scale: 6, nullable: true })
  newRate: string | null = null;

  /** Our unit price before and after (the same when the rule kept it). */
  @Property({ type: new DecimalType('string'), precision: 16, scale: 6, nullable: true })
  oldPoint: string | null = null;

  @Property({ type: new DecimalType('string'), precision: 16, scale: 6, nullable: true })
  newPoint: string | null = null;

  @Property({ type: 'string', length: 500, default: '' })
  note: string = '';

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** APPLIED, or HELD for an operator (then DISMISSED, LAPSED or APPLIED by them): PRICE_CHANGE_STATUSES. */
  @Property({ type: 'string', length: 20, default: 'APPLIED' })
  status: PriceChangeStatus = 'APPLIED';

  /** Who settled a held change (an operator's login id, or the price sync when the rate moved again). */
  @Property({ type: 'string', length: 100, nullable: true })
  resolvedBy: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  resolvedAt: Date | null = null;

  constructor(
    props: Omit<
      PriceChange,
      | 'id'
      | 'rule'
      | 'oldRate'
      | 'newRate'
      | 'oldPoint'
      | 'newPoint'
      | 'serviceId'
      | 'note'
      | 'status'
      | 'resolvedBy'
      | 'resolvedAt'
      | 'resolve'
    > &
      Partial<PriceChange>,
  ) {
    Object.assign(this, props);
  }

  /** A held change settled: by an operator (APPLIED, DISMISSED) or by the sync (LAPSED). */
  resolve(status: Exclude<PriceChangeStatus, 'HELD'>, by: string, at: Date): void {
    this.status = status;
    this.resolvedBy = by;
    this.resolvedAt = at;
  }
}
