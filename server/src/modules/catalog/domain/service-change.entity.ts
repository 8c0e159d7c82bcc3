import { DecimalType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  PRICE_SCALE,
  PRICE_UNIT_OF,
  priceFor,
  type ServiceChangeKind,
  type ServiceChangeSource,
  type ServiceChangeView,
} from '../../../contracts/index.js';

/**
 * One entry of the public change log (서비스 변경 안내), written in the transaction that changed the service.
 * The service is named, not referenced: a removed service's entry outlives its row.
 */
@Entity({ tableName: 'service_change' })
@Index({ name: 'service_change_created', properties: ['createdAt', 'id'] })
@Index({ name: 'service_change_service', properties: ['serviceId', 'id'] })
export class ServiceChange {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  serviceId!: number;

  @Property({ type: 'string', length: 200 })
  serviceName!: string;

  @Property({ type: 'string', length: 20 })
  kind!: ServiceChangeKind;

  @Property({ type: 'string', length: 20 })
  source!: ServiceChangeSource;

  /** The unit prices before and after (null: the kind has none, e.g. a pause). */
  @Property({ type: new DecimalType('string'), precision: 16, scale: PRICE_SCALE, nullable: true })
  oldPoint: string | null = null;

  @Property({ type: new DecimalType('string'), precision: 16, scale: PRICE_SCALE, nullable: true })
  newPoint: string | null = null;

  /** A package's price is per package, every other type's per 1000. */
  @Property({ type: 'boolean', default: false })
  perPackage: boolean = false;

  /** The operator's note to members. */
  @Property({ type: 'string', length: 500, default: '' })
  note: string = '';

  /** Hidden by an operator: off the public log. */
  @Property({ type: 'boolean', default: false })
  hidden: boolean = false;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** When the recent customers' digest took it (null: not yet; it is taken whether the notice is on or not). */
  @Property({ type: 'datetime', nullable: true })
  noticedAt: Date | null = null;

  view(): ServiceChangeView {
    const per = PRICE_UNIT_OF(this.perPackage);
    return {
      id: this.id,
      serviceId: this.serviceId,
      serviceName: this.serviceName,
      kind: this.kind,
      oldPrice: this.oldPoint === null ? null : priceFor(this.oldPoint, per),
      newPrice: this.newPoint === null ? null : priceFor(this.newPoint, per),
      per,
      note: this.note,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
