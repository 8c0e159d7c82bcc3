import { Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/index.js';
import type { UpstreamOrder } from '../../ordering/index.js';
import type { Provider } from '../domain/provider.entity.js';
import { ProviderError, SmmClient } from './smm-client.js';

/** Where an order went after the primary refused it: a backup provider and its service there. */
export interface BackupPlacement {
  providerId: number;
  providerServiceId: string;
  providerOrderId: string;
  /** The backup's rate per 1000 as the service lists it (its cost), when known. */
  rate: string | null;
}

export type FailoverOutcome =
  | { placed: BackupPlacement }
  /** Every backup refused (or none is listed): the error to record, against the primary. */
  | { refused: Error }
  /** A backup's answer was uncertain: held for an operator against that backup, never tried further. */
  | { uncertain: Error; providerId: number };

/** Whether an error may fail over: a definite refusal (or a request that never arrived), never an uncertain outcome. */
export const mayFailOver = (error: Error): error is ProviderError => error instanceof ProviderError && !error.ambiguous;

/**
 * Failover of a refused order to the service's backup providers, in their listed order. Only after a
 * definite refusal (the provider answered `{"error": …}` or was never reached): an uncertain outcome
 * (timeout, 5xx, unreadable answer) may have placed the order, so it never fails over and the order
 * is never placed twice. A backup that is uncertain stops the chain the same way.
 */
@Injectable()
export class Failover {
  constructor(
    private readonly client: SmmClient,
    private readonly catalog: CatalogFacade,
  ) {}

  async tryBackups(
    order: UpstreamOrder,
    refusal: ProviderError,
    providers: Map<number, Provider>,
  ): Promise<FailoverOutcome> {
    const terms = (
      await this.catalog.upstreamTerms([{ providerId: order.providerId!, providerServiceId: order.service! }])
    )
      .values()
      .next().value;
    const backups = (terms?.backupProviders ?? []).filter((b) => b.providerId !== order.providerId);
    if (backups.length === 0) return { refused: refusal };
    const reasons = [`${providers.get(order.providerId!)?.name ?? `#${order.providerId}`}: ${refusal.message}`];
    for (const backup of backups) {
      const provider = providers.get(backup.providerId);
      if (!provider) {
        reasons.push(`#${backup.providerId}: 비활성화된 공급사`);
        continue;
      }
      try {
        const providerOrderId = await this.client.add(provider, {
          service: backup.serviceId,
          link: order.link,
          quantity: order.quantity,
          type: order.type,
          comments: order.comments,
        });
        return {
          placed: { providerId: provider.id, providerServiceId: backup.serviceId, providerOrderId, rate: backup.rate },
        };
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        if (!mayFailOver(error))
          return { uncertain: new Error(`${provider.name}: ${error.message}`), providerId: provider.id };
        reasons.push(`${provider.name}: ${error.message}`);
      }
    }
    return { refused: new ProviderError(`모든 공급사가 거절했습니다 (${reasons.join('; ')})`, 'REJECTED', false) };
  }
}
