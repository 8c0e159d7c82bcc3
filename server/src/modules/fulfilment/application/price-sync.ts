import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_RULE_LABELS, PRICE_SCALE, type PriceChangeKind } from '../../../contracts/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade, type PriceSyncChanges, type Service } from '../../catalog/index.js';
import { SettingsService } from '../../settings/index.js';
import {
  Clock,
  filterId,
  filterOneOrMany,
  findPage,
  NotFoundError,
  SingleFlight,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { PRICE_CHANGE_KINDS } from '../../../contracts/index.js';
import { PriceChange } from '../domain/price-change.entity.js';
import { compareDecimals, keepMarkupPrice, plainDecimal as n, sameDecimal, unitCost } from '../domain/pricing.js';
import { Provider } from '../domain/provider.entity.js';
import type { UpstreamService } from '../domain/upstream-protocol.js';
import { SmmClient } from './smm-client.js';

/** The scheduled sync acts as the system (no operator) in the audit log. */
const SYSTEM: AuditActor = { id: null, loginId: '가격 동기화' };
export const PRICE_SYNC_EVERY_MS = 6 * 60 * 60_000;

export interface PriceSyncResult {
  providerId: number;
  /** Services of ours checked against the provider's list. */
  checked: number;
  changes: { serviceId: number | null; providerServiceId: string; kind: PriceChangeKind; note: string }[];
}

type Change = { kind: PriceChangeKind; note: string } & Partial<
  Pick<PriceChange, 'rule' | 'oldRate' | 'newRate' | 'oldPoint' | 'newPoint'>
>;

/**
 * Prices that follow providers: reads each enabled provider's `services` (every 6 hours, and on an
 * operator's demand) and, per service of ours it fulfils:
 * - a changed rate is applied per the service's rule (KEEP_PRICE: our price stays; KEEP_MARKUP: our
 *   price scales with the rate, rounded up; ALERT_ONLY: our price stays) and always alerted; the rate
 *   itself is recorded either way, so new orders' expected cost is the true one;
 * - min/max follow the provider's (a package stays 1/1);
 * - a service gone upstream is hidden and alerted;
 * - a price below the unit cost alerts (and hides the service with PRICE_SYNC_HIDE_BELOW_COST on).
 * A backup provider's rate in a service's backup list follows too. Every change is a price_change row
 * and an audit row with before/after, in one transaction per provider.
 */
@Injectable()
export class PriceSync {
  private readonly flight = new SingleFlight();
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

  @Interval('price-sync', PRICE_SYNC_EVERY_MS)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  /** Every enabled provider; one that cannot be read is skipped (logged) until the next run. */
  async runOnce(): Promise<PriceSyncResult[]> {
    const results: PriceSyncResult[] = [];
    for (const provider of await this.em.fork().find(Provider, { enabled: true }, { orderBy: { id: 'ASC' } })) {
      try {
        results.push(await this.syncProvider(provider, SYSTEM));
      } catch (error) {
        this.logger.warn(`provider ${provider.id}: services not read: ${(error as Error).message}`);
      }
    }
    return results;
  }

  /** An operator's sync of one provider (POST /api/admin/providers/:id/sync). */
  async syncOne(providerId: number, actor: AuditActor): Promise<PriceSyncResult> {
    const provider = await this.em.fork().findOne(Provider, { id: providerId });
    if (!provider) throw new NotFoundError('공급사를 찾을 수 없습니다.');
    return this.syncProvider(provider, actor);
  }

  page(query: ListQuery): Promise<Page<PriceChange>> {
    return findPage(this.em.fork(), PriceChange, 'price-changes', query, {
      sortable: ['id', 'createdAt', 'providerId', 'serviceId', 'kind'],
      filters: {
        providerId: (v) => ({ providerId: filterId(v) }),
        serviceId: (v) => ({ serviceId: filterId(v) }),
        kind: (v) => ({ kind: { $in: filterOneOrMany(PRICE_CHANGE_KINDS, v) } }),
      },
    });
  }

  private async syncProvider(provider: Provider, actor: AuditActor): Promise<PriceSyncResult> {
    const { services } = await this.client.services(provider);
    const upstream = new Map(services.map((s) => [s.id, s]));
    const hideBelowCost = (await this.settings.get('PRICE_SYNC_HIDE_BELOW_COST')) === true;
    const result: PriceSyncResult = { providerId: provider.id, checked: 0, changes: [] };
    const alerts: string[] = [];
    await this.em.fork().transactional(async (tx) => {
      // One sync of a provider at a time across replicas: the next one reads what this one wrote.
      await tx.execute('select id from provider where id = ? for update', [provider.id]);
      const now = this.clock.now();
      const { primary, backing } = await this.catalog.servicesForPriceSync(tx, provider.id);
      for (const service of primary) {
        result.checked++;
        const before = view(service);
        const { changes, found } = this.plan(
          service,
          upstream.get(service.providerServiceId!),
          provider,
          hideBelowCost,
        );
        if (found.length === 0) continue;
        this.catalog.applyPriceSync(service, changes);
        this.audit.record(tx, actor, {
          action: 'price-sync',
          resource: 'services',
          resourceId: service.id,
          before,
          after: { ...view(service), changes: found.map((c) => c.kind) },
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
            note: change.note,
          });
          // Gone and below cost always alert; a rate change alerts under ALERT_ONLY (the other rules act on it).
          const alert = change.kind === 'GONE' || change.kind === 'BELOW_COST' || change.rule === 'ALERT_ONLY';
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

  /** What the provider's entry means for one service of ours: the changes to write and what to record. */
  private plan(
    service: Service,
    listed: UpstreamService | undefined,
    provider: Provider,
    hideBelowCost: boolean,
  ): { changes: PriceSyncChanges; found: Change[] } {
    const changes: PriceSyncChanges = {};
    const found: Change[] = [];
    if (!listed) {
      if (service.visible) {
        changes.visible = false;
        found.push({ kind: 'GONE', note: '공급사 서비스 목록에 없어 숨겼습니다.', oldRate: service.providerRate });
      }
      return { changes, found };
    }
    const perPackage = service.type === 'Package';
    let point = service.point;
    if (service.providerRate === null || !sameDecimal(service.providerRate, listed.rate)) {
      const oldRate = service.providerRate;
      changes.providerRate = listed.rate;
      if (oldRate !== null && service.priceRule === 'KEEP_MARKUP' && /[1-9]/.test(oldRate))
        point = keepMarkupPrice(service.point, oldRate, listed.rate, PRICE_SCALE);
      if (!sameDecimal(point, service.point)) changes.point = point;
      if (oldRate !== null)
        found.push({
          kind: 'RATE',
          rule: service.priceRule,
          oldRate,
          newRate: listed.rate,
          oldPoint: service.point,
          newPoint: point,
          note: `공급사 단가 ${n(oldRate)} → ${n(listed.rate)} (${PRICE_RULE_LABELS[service.priceRule]}): 판매가 ${n(service.point)} → ${n(point)}`,
        });
    }
    if (!perPackage && (listed.min !== service.min || listed.max !== service.max) && listed.min <= listed.max) {
      changes.min = listed.min;
      changes.max = listed.max;
      found.push({
        kind: 'LIMITS',
        note: `최소·최대 수량 ${service.min}~${service.max} → ${listed.min}~${listed.max}`,
      });
    }
    const cost = unitCost(listed.rate, provider.currencyRate, perPackage);
    if (compareDecimals(point, cost) < 0) {
      const hide = hideBelowCost && service.visible;
      if (hide) changes.visible = false;
      found.push({
        kind: 'BELOW_COST',
        rule: service.priceRule,
        newRate: listed.rate,
        newPoint: point,
        note: `판매가 ${n(point)}원이 원가 ${n(cost)}원보다 낮습니다${hide ? ' (숨김)' : ''}.`,
      });
    }
    return { changes, found };
  }
}

const view = (s: Service) => ({
  point: s.point,
  providerRate: s.providerRate,
  min: s.min,
  max: s.max,
  visible: s.visible,
  priceRule: s.priceRule,
});
