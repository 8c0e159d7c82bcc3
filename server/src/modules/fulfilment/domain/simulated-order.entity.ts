import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { simulatedCancelable, simulatedProgress, type SimulatedProgress } from './simulation.js';

/** An order placed with the embedded simulated provider; its progress is computed from time, not stored. */
@Entity({ tableName: 'simulated_provider_order' })
export class SimulatedProviderOrder {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 20 })
  service: string;

  @Property({ type: 'text' })
  link: string;

  @Property({ type: 'integer' })
  quantity: number;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  canceledAt: Date | null = null;

  /** A subscription's child order: the subscription's id. */
  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  /** Set on a subscription (link = username, quantity = max per post): the posts it covers. */
  @Property({ type: 'integer', nullable: true })
  posts: number | null = null;

  /** A subscription's delay in minutes after each post. */
  @Property({ type: 'integer', default: 0 })
  delay = 0;

  /** A subscription's expiry, YYYY-MM-DD. */
  @Property({ type: 'string', length: 10, nullable: true })
  expiry: string | null = null;

  constructor(service: string, link: string, quantity: number, now: Date) {
    this.service = service;
    this.link = link;
    this.quantity = quantity;
    this.createdAt = now;
  }

  progress(now: Date): SimulatedProgress {
    return simulatedProgress(this, now);
  }

  /** Only a pending order can be canceled; returns whether it was. */
  cancel(now: Date): boolean {
    if (!simulatedCancelable(this, now)) return false;
    this.canceledAt = now;
    return true;
  }
}
