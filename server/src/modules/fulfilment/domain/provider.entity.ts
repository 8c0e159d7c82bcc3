import { DecimalType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What operators and every answer see of a provider: the key only as "set" and its last 4 characters. */
export interface ProviderView {
  id: number;
  name: string;
  apiUrl: string;
  enabled: boolean;
  timeoutMs: number;
  maxConcurrency: number;
  currencyRate: string;
  hasKey: boolean;
  keyLast4: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProviderChanges {
  name?: string;
  apiUrl?: string;
  /** Write-only: replaced when given, kept when omitted. */
  apiKey?: string;
  enabled?: boolean;
  timeoutMs?: number;
  /** Orders sent to this provider at once by one server process. */
  maxConcurrency?: number;
  /** Won per unit of the provider's currency ("1" for a provider priced in won). */
  currencyRate?: string;
}

/** An upstream SMM panel we place orders with (API v2). */
@Entity({ tableName: 'provider' })
export class Provider {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name: string;

  @Property({ type: 'string', length: 500 })
  apiUrl: string;

  /** Never serialised; leaves the server only in requests to the provider itself. */
  @Property({ type: 'string', length: 500, hidden: true })
  apiKey: string;

  @Property({ type: 'boolean' })
  enabled: boolean;

  @Property({ type: 'integer' })
  timeoutMs: number;

  /** How many requests one server process has out to this provider at once (sends upstream). */
  @Property({ type: 'integer', default: 10 })
  maxConcurrency: number = 10;

  /** Sends upstream that failed in a row (any replica); reset by a success. Operators are alerted at ALERT_PROVIDER_ERRORS. */
  /** Won per unit of the provider's currency: turns its rates and charges into won. */
  @Property({ type: new DecimalType('string'), precision: 18, scale: 6, default: 1 })
  currencyRate: string = '1';

  @Property({ type: 'integer', default: 0 })
  consecutiveErrors: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime' })
  updatedAt: Date;

  constructor(
    props: Required<Omit<ProviderChanges, 'maxConcurrency' | 'currencyRate'>> &
      Pick<ProviderChanges, 'maxConcurrency' | 'currencyRate'>,
    now: Date,
  ) {
    this.name = props.name;
    this.apiUrl = props.apiUrl;
    this.apiKey = props.apiKey;
    this.enabled = props.enabled;
    this.timeoutMs = props.timeoutMs;
    if (props.maxConcurrency !== undefined) this.maxConcurrency = props.maxConcurrency;
    if (props.currencyRate !== undefined) this.currencyRate = props.currencyRate;
    this.createdAt = now;
    this.updatedAt = now;
  }

  update(changes: ProviderChanges, now: Date): void {
    if (changes.name !== undefined) this.name = changes.name;
    if (changes.apiUrl !== undefined) this.apiUrl = changes.apiUrl;
    if (changes.apiKey !== undefined) this.apiKey = changes.apiKey;
    if (changes.enabled !== undefined) this.enabled = changes.enabled;
    if (changes.timeoutMs !== undefined) this.timeoutMs = changes.timeoutMs;
    if (changes.maxConcurrency !== undefined) this.maxConcurrency = changes.maxConcurrency;
    if (changes.currencyRate !== undefined) this.currencyRate = changes.currencyRate;
    this.updatedAt = now;
  }

  view(): ProviderView {
    return {
      id: this.id,
      name: this.name,
      apiUrl: this.apiUrl,
      enabled: this.enabled,
      timeoutMs: this.timeoutMs,
      maxConcurrency: this.maxConcurrency,
      currencyRate: this.currencyRate,
      hasKey: this.apiKey.length > 0,
      keyLast4: this.apiKey.length >= 8 ? this.apiKey.slice(-4) : null,
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }
}
