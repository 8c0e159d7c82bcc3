import { DecimalType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { WonType } from '../../../shared/index.js';

/** A 회원 등급 the operator defines: reached at `threshold` won of accepted charges, `discountPercent` off every price. */
@Entity({ tableName: 'member_level' })
@Unique({ name: 'member_level_name', properties: ['name'] })
@Unique({ name: 'member_level_threshold', properties: ['threshold'] })
export class MemberLevel {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** Cumulative accepted charges needed, whole won. */
  @Property({ type: WonType })
  threshold!: bigint;

  /** Percent with up to 2 fraction digits, exact ("2.50"). */
  @Property({ type: new DecimalType('string'), precision: 5, scale: 2 })
  discountPercent!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  constructor(props: { name: string; threshold: bigint; discountPercent: string }) {
    Object.assign(this, props);
  }
}
