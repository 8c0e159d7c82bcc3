import { DecimalType } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import {
  scaledUnitCost,
  PRICE_SCALE,
  SERVICE_TYPES,
  type BackupProvider,
  type PriceRule,
  type ServiceType,
} from '../../../contracts/index.js';
import { Category } from './category.entity.js';

export interface ServiceProps {
  text: string;
  /** Unit price in won, an exact decimal string ("0.35"). */
  point: string;
  min: number;
  max: number;
  notice: string;
  categoryId: number;
  isReadOnly: boolean;
  enableAuto: boolean;
  visible: boolean;
  sortOrder: number;
  providerId: number | null;
  providerServiceId: string | null;
  type?: ServiceType;
  refill?: boolean;
  refillDays?: number;
  cancel?: boolean;
  providerRate?: string | null;
  providerCurrencyRate?: string;
  markupPoint?: string | null;
  markupRate?: string | null;
  priceRule?: PriceRule;
  backupProviders?: BackupProvider[];
}

/**
 * Something a customer can buy (docs/product.md §3 Service). `point` is the unit price, kept exact in a decimal
 * column because views and likes sell below 1 won each; an order's cost is rounded up to whole won once.
 * `providerId`/`providerServiceId` say which upstream service fulfils it (null: handled by hand).
 */
@Entity({ tableName: 'service' })
@Index({ name: 'service_category', properties: ['categoryId', 'sortOrder'] })
@Unique({ name: 'service_provider_service', properties: ['providerId', 'providerServiceId'] })
export class Service {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  text!: string;

  @Property({ type: new DecimalType('string'), precision: 16, scale: PRICE_SCALE })
  point!: string;

  @Property({ type: 'integer' })
  min!: number;

  @Property({ type: 'integer' })
  max!: number;

  /** The description shown under the order form. */
  @Property({ type: 'text', default: '' })
  notice: string = '';

  @ManyToOne(() => Category, { mapToPk: true, joinColumn: 'category_id', deleteRule: 'no action' })
  categoryId!: number;

  @Property({ type: 'boolean', default: false })
  isReadOnly: boolean = false;

  @Property({ type: 'boolean', default: false })
  enableAuto: boolean = false;

  /** Hidden services are not listed to customers and cannot be ordered. */
  @Property({ type: 'boolean', default: true })
  visible: boolean = true;

  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  @Property({ type: 'integer', nullable: true })
  providerId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  providerServiceId: string | null = null;

  /** The kind of order it takes (SMM API v2's service `type`): what the form asks and what is sent upstream. */
  @Enum({ items: [...SERVICE_TYPES], default: 'Default' })
  type: ServiceType = 'Default';

  /** Members may ask for a refill of a completed order within {@link refillDays} days. */
  @Property({ type: 'boolean', default: false })
  refill: boolean = false;

  @Property({ type: 'integer', default: 30 })
  refillDays: number = 30;

  /** The provider takes a cancel of a running (sent) order. */
  @Property({ type: 'boolean', default: false })
  cancel: boolean = false;

  /** The provider's rate per 1000 in its currency as last known (import, price sync): the expected cost of an order. */
  @Property({ type: new DecimalType('string'), precision: 20, scale: 6, nullable: true })
  providerRate: string | null = null;

  /** Won per unit of the provider's currency as last synced or imported: with {@link providerRate}, the unit cost. */
  @Property({ type: new DecimalType('string'), precision: 18, scale: 6, default: 1 })
  providerCurrencyRate: string = '1';

  /**
   * The markup as a ratio: our price {@link markupPoint} at the provider's rate {@link markupRate}, taken when
   * an operator sets the price (or the import does, or the price sync first sees the service). KEEP_MARKUP
   * prices are made from it, never from the last rounded price, so a rate that comes back brings the price back.
   */
  @Property({ type: new DecimalType('string'), precision: 16, scale: PRICE_SCALE, nullable: true })
  markupPoint: string | null = null;

  @Property({ type: new DecimalType('string'), precision: 20, scale: 6, nullable: true })
  markupRate: string | null = null;

  /** What the price sync does when the provider's rate changes (KEEP_PRICE, KEEP_MARKUP, ALERT_ONLY). */
  @Property({ type: 'string', length: 20, default: 'KEEP_PRICE' })
  priceRule: PriceRule = 'KEEP_PRICE';

  /** Providers tried in order when the primary refuses an order with a definite error. */
  @Property({ type: 'json', default: '[]' })
  backupProviders: BackupProvider[] = [];

  constructor(props: ServiceProps) {
    this.apply(props);
  }

  apply(props: Partial<ServiceProps>): void {
    Object.assign(this, Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)));
  }

  /** The price as it stands is the markup from now on (an operator or the import set it). */
  anchorMarkup(): void {
    const rate = this.providerRate;
    const known = rate !== null && /[1-9]/.test(rate);
    this.markupPoint = known ? this.point : null;
    this.markupRate = known ? rate : null;
  }

  /** What one unit (a package: one package) costs us, millionths of a won rounded up; null: no rate known. */
  unitCost(): bigint | null {
    return scaledUnitCost(this.providerRate, this.providerCurrencyRate, this.type === 'Package');
  }
}
