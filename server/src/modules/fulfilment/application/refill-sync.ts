import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OrderingFacade, type RefillForwarding, type RefillReport } from '../../ordering/index.js';
import { Clock, RetrySchedule } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { OrderDispatch } from '../domain/order-dispatch.entity.js';
import { chunk, groupBy } from './concurrency.js';
import { SYNC_SPACING_MS } from './order-sync.js';
import { ProviderError, SmmClient, STATUS_BATCH } from './smm-client.js';

/** A refill the provider could not take yet (or had no order for) is forwarded again a minute later. */
const REFILL_RETRY = new RetrySchedule({ delays: { everyMs: 60_000 } });

/** How a provider's refill status word reads: done, refused, or still going. */
function refillOutcome(status: string): 'done' | 'rejected' | 'open' {
  const word = status.toLowerCase().replace(/[^a-z]/g, '');
  if (['completed', 'complete', 'success', 'done'].includes(word)) return 'done';
  if (['rejected', 'canceled', 'cancelled', 'error', 'fail', 'failed', 'refused'].includes(word)) return 'rejected';
  return 'open';
}

export interface RefillSyncStats {
  forwarded: number;
  completed: number;
  rejected: number;
}

/**
 * Forwards members' refills to the provider (`action=refill` with the provider's order id) and follows
 * them with `refill_status` in `refills=` batches of ≤ 100 per provider. Ordering claims the refills
 * (FOR UPDATE SKIP LOCKED, so replicas share the work) and records what the provider said; this only
 * talks to the provider. Refills of orders no provider placed wait for an operator.
 */
@Injectable()
export class RefillSync {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly ordering: OrderingFacade,
  ) {}

  async runOnce(limit = 500): Promise<RefillSyncStats> {
    const stats: RefillSyncStats = { forwarded: 0, completed: 0, rejected: 0 };
    const providers = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p]));
    const now = this.clock.now();
    // Forward new refills, one request each (panels take `refill` per order).
    await this.ordering.forwardRefills(limit, async (refill): Promise<RefillForwarding> => {
      const provider = providers.get(refill.providerId);
      const providerOrderId = (await this.em.fork().findOne(OrderDispatch, { id: refill.orderId }))?.providerOrderId;
      if (!provider || !providerOrderId) return { retryAt: REFILL_RETRY.next(1, now) };
      try {
        const providerRefillId = await this.client.refill(provider, providerOrderId);
        stats.forwarded++;
        return { forwarded: providerRefillId, checkAt: new Date(now.getTime() + SYNC_SPACING_MS) };
      } catch (error) {
        // The provider refused (e.g. "Refill is not available"): the member sees its reason. Anything else: try again.
        if (error instanceof ProviderError && error.kind === 'REJECTED') {
          stats.rejected++;
          return { rejected: error.message.replace(/^refill: /, '') };
        }
        return { retryAt: REFILL_RETRY.next(1, now) };
      }
    });
    // Follow forwarded ones, per provider in batches.
    const due = await this.ordering.refillsToFollow(limit);
    const byProvider = groupBy(due, (r) => r.providerId);
    for (const [providerId, refills] of byProvider) {
      const provider = providers.get(providerId);
      if (!provider) continue;
      for (const batch of chunk(refills, STATUS_BATCH)) {
        const answers = await this.client
          .refillStatuses(
            provider,
            batch.map((r) => r.providerRefillId),
          )
          .catch(() => new Map<string, { error: string }>());
        const at = this.clock.now();
        const reports = batch.map((row): RefillReport => {
          const answer = answers.get(row.providerRefillId);
          const outcome = answer && 'status' in answer ? refillOutcome(answer.status) : 'open';
          if (outcome === 'done') return { id: row.id, outcome };
          if (outcome === 'rejected')
            return { id: row.id, outcome, reason: `공급사: ${(answer as { status: string }).status}` };
          return { id: row.id, outcome, checkAt: new Date(at.getTime() + SYNC_SPACING_MS) };
        });
        for (const applied of await this.ordering.settleRefills(reports)) {
          if (applied.outcome === 'done') stats.completed++;
          else if (applied.outcome === 'rejected') stats.rejected++;
        }
      }
    }
    return stats;
  }
}
