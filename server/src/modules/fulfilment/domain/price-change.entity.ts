import { DecimalType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PriceChangeKind, PriceRule } from '../../../contracts/index.js';

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

  constructor(
    props: Omit<PriceChange, 'id' | 'rule' | 'oldRate' | 'newRate' | 'oldPoint' | 'newPoint' | 'serviceId' | 'note'> &
      Partial<PriceChange>,
  ) {
    Object.assign(this, props);
  }
}
