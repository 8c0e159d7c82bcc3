import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/index.js';
import { Charge } from '../domain/charge.entity.js';
import { Deposit } from '../domain/deposit.entity.js';

/** What other contexts read from billing. */
@Injectable()
export class BillingFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Read-only, for the operator dashboard: open charges still waiting for their deposit, and deposits waiting for an operator. */
  async attention(): Promise<{ pendingCharges: number; unmatchedDeposits: number }> {
    const em = this.em.fork();
    const [pendingCharges, unmatchedDeposits] = await Promise.all([
      em.count(Charge, { status: 'PENDING', method: 'BANK_TRANSFER', expiresAt: { $gt: this.clock.now() } }),
      em.count(Deposit, { status: 'UNMATCHED' }),
    ]);
    return { pendingCharges, unmatchedDeposits };
  }
}
