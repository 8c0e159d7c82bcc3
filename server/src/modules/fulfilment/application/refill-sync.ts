import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Order, Refill, RefillStatus } from '../../ordering/index.js';
import { claimAndProcess, Clock } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { SYNC_SPACING_MS } from './order-sync.js';
import { ProviderError, SmmClient, STATUS_BATCH } from './smm-client.js';

const RETRY_MS = 60_000;

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
 * them with `refill_status` in `refills=` batches of ≤ 100 per provider. Rows are claimed FOR UPDATE
 * SKIP LOCKED, so replicas share the work. Refills of orders no provider placed wait for an operator.
 */
@Injectable()
export class RefillSync {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
  ) {}

  async runOnce(limit = 500): Promise<RefillSyncStats> {
    const stats: RefillSyncStats = { forwarded: 0, completed: 0, rejected: 0 };
    const providers = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p]));
    const now = this.clock.now();
    // Forward new refills, one request each (panels take `refill` per order).
    await claimAndProcess(
      this.em,
      Refill,
      { where: { status: RefillStatus.PENDING, providerId: { $ne: null }, nextCheckAt: { $lte: now } }, orderBy: { nextCheckAt: 'ASC', id: 'ASC' }, limit },
      async (tx, refill) => {
        const provider = providers.get(refill.providerId!);
        const order = await tx.findOne(Order, { id: refill.orderId });
        if (!provider || !order?.providerOrderId) {
          refill.checkAgainAt(new Date(now.getTime() + RETRY_MS), now);
          return;
        }
        try {
          refill.markForwarded(await this.client.refill(provider, order.providerOrderId), new Date(now.getTime() + SYNC_SPACING_MS), now);
          stats.forwarded++;
        } catch (error) {
          // The provider refused (e.g. "Refill is not available"): the member sees its reason. Anything else: try again.
          if (error instanceof ProviderError && error.kind === 'REJECTED') {
            refill.reject(error.message.replace(/^refill: /, ''), now);
            stats.rejected++;
          } else refill.checkAgainAt(new Date(now.getTime() + RETRY_MS), now);
        }
      },
    );
    // Follow forwarded ones, per provider in batches (a status read twice by two replicas changes nothing twice:
    // each row is updated only while still PROCESSING, under its row lock).
    const due = await this.em.fork().find(Refill, { status: RefillStatus.PROCESSING, nextCheckAt: { $lte: now } }, { orderBy: { nextCheckAt: 'ASC', id: 'ASC' }, limit });
    const byProvider = new Map<number, Refill[]>();
    for (const r of due) byProvider.set(r.providerId!, [...(byProvider.get(r.providerId!) ?? []), r]);
    for (const [providerId, refills] of byProvider) {
      const provider = providers.get(providerId);
      if (!provider) continue;
      for (let i = 0; i < refills.length; i += STATUS_BATCH) {
        const batch = refills.slice(i, i + STATUS_BATCH);
        const answers = await this.client.refillStatuses(provider, batch.map((r) => r.providerRefillId!)).catch(() => new Map<string, { error: string }>());
        await this.em.fork().transactional(async (tx) => {
          const rows = await tx.find(Refill, { id: { $in: batch.map((r) => r.id) }, status: RefillStatus.PROCESSING }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          for (const row of rows) {
            const answer = answers.get(row.providerRefillId!);
            const at = this.clock.now();
            const outcome = answer && 'status' in answer ? refillOutcome(answer.status) : 'open';
            if (outcome === 'done') {
              row.complete(at);
              stats.completed++;
            } else if (outcome === 'rejected') {
              row.reject(`공급사: ${(answer as { status: string }).status}`, at);
              stats.rejected++;
            } else row.checkAgainAt(new Date(at.getTime() + SYNC_SPACING_MS), at);
          }
        });
      }
    }
    return stats;
  }
}
