import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor } from '../../audit/index.js';
import { NotFoundError, JobEngine, type ListQuery, type Page } from '../../../shared/index.js';
import type { PriceChange } from '../domain/price-change.entity.js';
import { Provider } from '../domain/provider.entity.js';
import { SettlePriceChange } from './commands/settle-price-change/settle-price-change.js';
import {
  SYSTEM,
  SyncProviderPrices,
  type PriceSyncResult,
} from './commands/sync-provider-prices/sync-provider-prices.js';
import { ListPriceChanges } from './queries/list-price-changes/list-price-changes.js';

export type { PriceSyncResult } from './commands/sync-provider-prices/sync-provider-prices.js';
export const PRICE_SYNC_EVERY_MS = 6 * 60 * 60_000;

/**
 * Prices that follow providers: reads each enabled provider's `services` (every 6 hours, and on an
 * operator's demand) and, per service of ours it fulfils:
 * - a changed rate is applied per the service's rule (KEEP_PRICE: our price stays; KEEP_MARKUP: our
 *   price is the service's stored markup at the new rate, rounded up; ALERT_ONLY: our price stays); the rate
 *   itself is recorded either way, so new orders' expected cost is the true one;
 * - a rate that moved past PRICE_SYNC_MAX_CHANGE_PERCENT (default ±50 %) or to 0 is not applied (neither rate
 *   nor price): it is HELD in the list with an alert until an operator applies or dismisses it, or the rate
 *   moves again (the hold LAPSES; a glitch that comes back leaves nothing changed);
 * - min/max follow the provider's (a package stays 1/1);
 * - a service gone upstream is hidden and alerted;
 * - a price below the unit cost alerts (and hides the service with PRICE_SYNC_HIDE_BELOW_COST on).
 * A backup provider's rate in a service's backup list follows too. Every change is a price_change row
 * and an audit row with before/after, in one transaction per provider. An item we cannot read or store is
 * skipped and counted (its service is left as it is); a provider that cannot be read raises an alert.
 */
@Injectable()
export class PriceSync {
  constructor(
    private readonly em: EntityManager,
    private readonly syncs: SyncProviderPrices,
    private readonly settlements: SettlePriceChange,
    private readonly changes: ListPriceChanges,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('price-sync', () => this.runOnce());
  }

  @Interval('price-sync', PRICE_SYNC_EVERY_MS)
  tick(): Promise<void> {
    return this.jobs.tick('price-sync');
  }

  /** Every enabled provider; one that cannot be synced is alerted and skipped until the next run. */
  async runOnce(): Promise<PriceSyncResult[]> {
    const results: PriceSyncResult[] = [];
    for (const provider of await this.em.fork().find(Provider, { enabled: true }, { orderBy: { id: 'ASC' } })) {
      try {
        results.push(await this.syncs.execute(provider, SYSTEM));
      } catch (error) {
        await this.syncs.failed(provider, error);
      }
    }
    return results;
  }

  /** An operator's sync of one provider (POST /api/admin/providers/:id/sync); a failure is alerted too. */
  async syncOne(providerId: number, actor: AuditActor): Promise<PriceSyncResult> {
    const provider = await this.em.fork().findOne(Provider, { id: providerId });
    if (!provider) throw new NotFoundError('PROVIDER_NOT_FOUND');
    try {
      return await this.syncs.execute(provider, actor);
    } catch (error) {
      await this.syncs.failed(provider, error);
      throw error;
    }
  }

  /** An operator applies a held change: the rate and the price it makes now, if the service still stands where it was held. */
  apply(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settlements.apply(id, actor);
  }

  /** An operator dismisses a held change: nothing is applied (the next sync holds it again if the provider still lists it). */
  dismiss(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settlements.dismiss(id, actor);
  }

  page(query: ListQuery): Promise<Page<PriceChange>> {
    return this.changes.page(query);
  }
}
