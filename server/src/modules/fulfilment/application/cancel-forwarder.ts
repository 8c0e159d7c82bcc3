import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OrderingFacade, type CancelForwarding } from '../../ordering/index.js';
import { Provider } from '../domain/provider.entity.js';
import { OrderDispatch } from '../domain/order-dispatch.entity.js';
import { ProviderError, SmmClient } from './smm-client.js';

export interface CancelForwardStats {
  forwarded: number;
  refused: number;
}

/**
 * Forwards members' cancels of running orders to the provider (`action=cancel`). An accepted request
 * leaves the order as it is (취소 요청됨) until the sync reads the provider's Canceled (full refund) or
 * Partial (refund of the remains), which the ordering state machine settles once. A refusal closes the
 * request with the provider's reason; a transport failure is tried again on the next tick. Ordering
 * claims the requests (across replicas) and records the answers; this only talks to the provider.
 */
@Injectable()
export class CancelForwarder {
  constructor(
    private readonly em: EntityManager,
    private readonly client: SmmClient,
    private readonly ordering: OrderingFacade,
  ) {}

  async runOnce(limit = 200): Promise<CancelForwardStats> {
    const stats: CancelForwardStats = { forwarded: 0, refused: 0 };
    const providers = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p]));
    await this.ordering.forwardCancels(limit, async (order): Promise<CancelForwarding> => {
      const provider = providers.get(order.providerId);
      if (!provider) return null;
      const providerOrderId = (await this.em.fork().findOne(OrderDispatch, { id: order.id }))?.providerOrderId;
      if (!providerOrderId) {
        stats.refused++;
        return { refused: '공급사 주문번호가 없어 공급사에 취소를 요청할 수 없습니다.' };
      }
      try {
        const answer = (await this.client.cancel(provider, [providerOrderId])).get(providerOrderId);
        if (answer === true) {
          stats.forwarded++;
          return { forwarded: true };
        }
        stats.refused++;
        return { refused: answer ?? 'not canceled' };
      } catch (error) {
        // The provider refused the whole request: its reason; anything else: next tick.
        if (error instanceof ProviderError && error.kind === 'REJECTED') {
          stats.refused++;
          return { refused: error.message.replace(/^cancel: /, '') };
        }
        return null;
      }
    });
    return stats;
  }
}
