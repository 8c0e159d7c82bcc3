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
