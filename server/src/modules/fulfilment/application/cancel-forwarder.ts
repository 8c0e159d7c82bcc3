import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Order, OrderStatus } from '../../ordering/index.js';
import { claimAndProcess, Clock } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { ProviderError, SmmClient } from './smm-client.js';

export interface CancelForwardStats {
  forwarded: number;
  refused: number;
}

/**
 * Forwards members' cancels of running orders to the provider (`action=cancel`). An accepted request
 * leaves the order as it is (취소 요청됨) until the sync reads the provider's Canceled (full refund) or
 * Partial (refund of the remains), which the ordering state machine settles once. A refusal closes the
 * request with the provider's reason; a transport failure is tried again on the next tick.
 */
@Injectable()
export class CancelForwarder {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
  ) {}

  async runOnce(limit = 200): Promise<CancelForwardStats> {
    const stats: CancelForwardStats = { forwarded: 0, refused: 0 };
    const providers = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p]));
    await claimAndProcess(
      this.em,
      Order,
      {
        where: { cancelRequestedAt: { $ne: null }, cancelForwardedAt: null, status: { $in: [OrderStatus.PROCESSING, OrderStatus.INPROGRESS] }, providerOrderId: { $ne: null } },
        orderBy: { cancelRequestedAt: 'ASC', id: 'ASC' },
        limit,
      },
      async (_tx, order) => {
        const provider = providers.get(order.providerId!);
        if (!provider) return;
        const now = this.clock.now();
        try {
          const answer = (await this.client.cancel(provider, [order.providerOrderId!])).get(order.providerOrderId!);
          if (answer === true) {
            order.cancelForwarded(now);
            stats.forwarded++;
          } else {
            order.cancelRefused(answer ?? 'not canceled', now);
            stats.refused++;
          }
        } catch (error) {
          // The provider refused the whole request: its reason; anything else: next tick.
          if (error instanceof ProviderError && error.kind === 'REJECTED') {
            order.cancelRefused(error.message.replace(/^cancel: /, ''), now);
            stats.refused++;
          }
        }
      },
    );
    return stats;
  }
}
