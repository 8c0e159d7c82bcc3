import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_PRICE_SYNC_MAX_CHANGE_PERCENT,
  type PriceChangeKind,
  type PriceChangeStatus,
} from '../../../../../contracts/index.js';
import { AlertsFacade } from '../../../../alerts/index.js';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { SettingsService } from '../../../../settings/index.js';
import { Clock } from '../../../../../shared/index.js';
import { PriceChange } from '../../../domain/price-change.entity.js';
import { sameDecimal, storableRate } from '../../../domain/pricing.js';
import type { Provider } from '../../../domain/provider.entity.js';
import type { UpstreamService } from '../../../domain/upstream-protocol.js';
import { SmmClient } from '../../smm-client.js';
import { view } from '../../service-prices.js';
import { planServicePrice } from './price-plan.js';

/** The scheduled sync acts as the system (no operator) in the audit log. */
export const SYSTEM: AuditActor = { id: null, loginId: '가격 동기화' };

export interface PriceSyncResult {
  providerId: number;
  /** Services of ours checked against the provider's list. */
  checked: number;
  changes: {
    serviceId: number | null;
    providerServiceId: string;
    kind: PriceChangeKind;
    status: PriceChangeStatus;
    note: string;
  }[];
  /**
   * Items of the provider's list left unread: malformed (no id, no name, a rate like "1,5" that could be 1.5
   * or 15) or beyond what we store (a 15-digit rate, a max over 2,147,483,647, a price of 11 digits).
   */
  skipped: number;
}

/** The most a min/max may be (int4). */
const MAX_COUNT = 2_147_483_647;

/**
 * One provider's sync: its `services` list read, then every service of ours it fulfils or backs planned and
 * written in one transaction under the provider's lock, with one alert for what needs an operator's eye.
 */
@Injectable()
export class SyncProviderPrices {
  private readonly logger = new Logger('PriceSync');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly settings: SettingsService,
  ) {}

  async execute(provider: Provider, actor: AuditActor): Promise<PriceSyncResult> {
    const { services, malformed, unreadable } = await this.client.services(provider);
    const upstream = new Map<string, UpstreamService>();
    // Listed but not usable: their services stay as they are (not gone).
    const unusable = new Set(unreadable);
    for (const listed of services) {
      const rate = storableRate(listed.rate);
      if (rate === null || listed.max > MAX_COUNT) unusable.add(listed.id);
      else upstream.set(listed.id, { ...listed, rate });
    }
    const hideBelowCost = (await this.settings.get('PRICE_SYNC_HIDE_BELOW_COST')) === true;
    const limit = await this.changeLimit();
    const result: PriceSyncResult = { providerId: provider.id, checked: 0, changes: [], skipped: malformed };
    result.skipped += unusable.size - unreadable.length;
    const alerts: string[] = [];
    await this.em.fork().transactional(async (tx) => {
      // One sync of a provider at a time across replicas: the next one reads what this one wrote.
      await tx.execute('select id from provider where id = ? for update', [provider.id]);
      const now = this.clock.now();
      const { primary, backing } = await this.catalog.servicesForPriceSync(tx, provider.id);
      const held = new Map(
        (await tx.find(PriceChange, { providerId: provider.id, status: 'HELD' }, { orderBy: { id: 'ASC' } })).map(
          (c) => [c.serviceId, c],
        ),
      );
      for (const service of primary) {
        result.checked++;
        if (unusable.has(service.providerServiceId!)) continue;
        const before = view(service);
        const plan = planServicePrice(
          service,
          upstream.get(service.providerServiceId!),
          provider,
          hideBelowCost,
          limit,
        );
        if (plan === null) {
          result.skipped++;
          continue;
        }
        const { changes } = plan;
        let found = plan.found;
        // An open hold: the same move again is the same hold (no new row, no new alert); anything else lapses it.
        const open = held.get(service.id);
        const holding = found.find((c) => c.status === 'HELD');
        if (open && holding && open.newRate !== null && sameDecimal(open.newRate, holding.newRate!))
          found = found.filter((c) => c !== holding);
        else if (open) open.resolve('LAPSED', SYSTEM.loginId, now);
        if (found.length === 0 && Object.keys(changes).length === 0) continue;
        this.catalog.applyPriceSync(service, changes);
        if (found.length === 0) continue;
        this.audit.record(tx, actor, {
          action: 'price-sync',
          resource: 'services',
          resourceId: service.id,
          before,
          after: { ...view(service), changes: found.map((c) => (c.status === 'HELD' ? `${c.kind}:HELD` : c.kind)) },
        });
        for (const change of found) {
          tx.persist(
            new PriceChange({
              providerId: provider.id,
              serviceId: service.id,
              providerServiceId: service.providerServiceId!,
              createdAt: now,
              ...change,
            }),
          );
          result.changes.push({
            serviceId: service.id,
            providerServiceId: service.providerServiceId!,
            kind: change.kind,
            status: change.status ?? 'APPLIED',
            note: change.note,
          });
          // Gone, below cost and held always alert; a rate change alerts under ALERT_ONLY (the other rules act on it).
          const alert =
            change.kind === 'GONE' ||
            change.kind === 'BELOW_COST' ||
            change.status === 'HELD' ||
            change.rule === 'ALERT_ONLY';
          if (alert && change.kind !== 'LIMITS') alerts.push(`#${service.id} ${service.text}: ${change.note}`);
        }
      }
      // A backup's rate in the services it backs (their failover cost).
      for (const service of backing) {
        const backups = service.backupProviders.map((b) => {
          const listed = b.providerId === provider.id ? upstream.get(b.serviceId) : undefined;
          return listed && (b.rate === null || !sameDecimal(b.rate, listed.rate)) ? { ...b, rate: listed.rate } : b;
        });
        if (backups.every((b, i) => b === service.backupProviders[i])) continue;
        const before = { backupProviders: service.backupProviders };
        this.catalog.applyPriceSync(service, { backupProviders: backups });
        this.audit.record(tx, actor, {
          action: 'price-sync',
          resource: 'services',
          resourceId: service.id,
          before,
          after: { backupProviders: backups },
        });
      }
    });
    if (alerts.length > 0)
      await this.alerts.raise(
        'PRICE_CHANGE',
        `공급사 ${provider.name}(#${provider.id}) 가격 동기화: ${alerts.join(' / ')}`.slice(0, 3000),
        `price-sync:${provider.id}:${this.clock.now().toISOString()}`,
      );
    return result;
  }

  /** PRICE_SYNC_MAX_CHANGE_PERCENT ('' reads as 50). */
  private async changeLimit(): Promise<bigint> {
    const value = String(await this.settings.get('PRICE_SYNC_MAX_CHANGE_PERCENT'));
    return value === '' ? DEFAULT_PRICE_SYNC_MAX_CHANGE_PERCENT : BigInt(value);
  }

  /** A provider that could not be synced: logged and alerted. */
  async failed(provider: Provider, error: unknown): Promise<void> {
    const reason = (error as Error).message;
    this.logger.warn(`provider ${provider.id}: price sync failed: ${reason}`);
    await this.alerts.raise(
      'PRICE_CHANGE',
      `공급사 ${provider.name}(#${provider.id}) 가격 동기화 실패: ${reason}`.slice(0, 1000),
      `price-sync-failed:${provider.id}:${this.clock.now().toISOString()}`,
    );
  }
}
