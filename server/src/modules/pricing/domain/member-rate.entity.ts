import { DecimalType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { PRICE_SCALE } from '../../../contracts/index.js';

/** A reseller deal: this member's unit price of this service, winning over the level's discount. */
@Entity({ tableName: 'member_rate' })
export class MemberRate {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  serviceId!: number;

  /** Unit price in won, exact decimal string. */
  @Property({ type: new DecimalType('string'), precision: 16, scale: PRICE_SCALE })
  point!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  constructor(props: { memberId: number; serviceId: number; point: string; updatedAt: Date }) {
    Object.assign(this, props);
  }
}
