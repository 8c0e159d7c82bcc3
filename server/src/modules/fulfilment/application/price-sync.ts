import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_PRICE_SYNC_MAX_CHANGE_PERCENT,
  PRICE_CHANGE_KINDS,
  PRICE_CHANGE_STATUSES,
  PRICE_RULE_LABELS,
  PRICE_SCALE,
  type PriceChangeKind,
  type PriceChangeStatus,
} from '../../../contracts/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade, type PriceSyncChanges, type Service } from '../../catalog/index.js';
import { SettingsService } from '../../settings/index.js';
import {
  Clock,
  DomainError,
  filterId,
  filterOneOrMany,
  findPage,
  NotFoundError,
  JobEngine,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { PriceChange } from '../domain/price-change.entity.js';
import {
  beyondLimit,
  compareDecimals,
  keepMarkupPrice,
  plainDecimal as n,
  sameDecimal,
  storableRate,
  unitCost,
} from '../domain/pricing.js';
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

type Change = { kind: PriceChangeKind; note: string; status?: PriceChangeStatus } & Partial<
  Pick<PriceChange, 'rule' | 'oldRate' | 'newRate' | 'oldPoint' | 'newPoint'>
>;

/** The most a unit price of ours may be (numeric(16,6)). */
const MAX_POINT = '9999999999.999999';
/** The most a min/max may be (int4). */
const MAX_COUNT = 2_147_483_647;

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
  private readonly logger = new Logger('PriceSync');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly settings: SettingsService,
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
        results.push(await this.syncProvider(provider, SYSTEM));
      } catch (error) {
        await this.failed(provider, error);
      }
    }
    return results;
  }

  /** An operator's sync of one provider (POST /api/admin/providers/:id/sync); a failure is alerted too. */
  async syncOne(providerId: number, actor: AuditActor): Promise<PriceSyncResult> {
    const provider = await this.em.fork().findOne(Provider, { id: providerId });
    if (!provider) throw new NotFoundError('PROVIDER_NOT_FOUND');
    try {
      return await this.syncProvider(provider, actor);
    } catch (error) {
      await this.failed(provider, error);
      throw error;
    }
  }

  private async failed(provider: Provider, error: unknown): Promise<void> {
    const reason = (error as Error).message;
    this.logger.warn(`provider ${provider.id}: price sync failed: ${reason}`);
    await this.alerts.raise(
      'PRICE_CHANGE',
      `공급사 ${provider.name}(#${provider.id}) 가격 동기화 실패: ${reason}`.slice(0, 1000),
      `price-sync-failed:${provider.id}:${this.clock.now().toISOString()}`,
    );
  }

  /** An operator applies a held change: the rate and the price it makes now, if the service still stands where it was held. */
  async apply(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settle(id, actor, async (tx, change) => {
      if (change.newRate === null || !/[1-9]/.test(change.newRate)) throw new DomainError('PRICE_CHANGE_ZERO_RATE');
      const service =
        change.serviceId === null ? null : await this.catalog.lockServiceForPriceSync(tx, change.serviceId);
      const stale =
        !service ||
        service.providerRate === null ||
        change.oldRate === null ||
        !sameDecimal(service.providerRate, change.oldRate);
      if (stale) throw new DomainError('PRICE_CHANGE_STALE');
      const provider = await tx.findOneOrFail(Provider, { id: change.providerId });
      const before = view(service);
      const point = markupPrice(service, change.newRate);
      this.catalog.applyPriceSync(service, {
        providerRate: change.newRate,
        providerCurrencyRate: provider.currencyRate,
        ...(sameDecimal(point, service.point) ? {} : { point }),
      });
      change.newPoint = point;
      this.audit.record(tx, actor, {
        action: 'price-change-apply',
        resource: 'services',
        resourceId: service.id,
        before,
        after: { ...view(service), priceChange: change.id },
      });
      return 'APPLIED';
    });
  }

  /** An operator dismisses a held change: nothing is applied (the next sync holds it again if the provider still lists it). */
  dismiss(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settle(id, actor, () => Promise.resolve('DISMISSED' as const));
  }

  private async settle(
    id: number,
    actor: AuditActor,
    work: (tx: EntityManager, change: PriceChange) => Promise<'APPLIED' | 'DISMISSED'>,
  ): Promise<PriceChange> {
    return this.em.fork().transactional(async (tx) => {
      const found = await tx.findOne(PriceChange, { id });
      if (!found) throw new NotFoundError('PRICE_CHANGE_MISSING');
      // After the provider's lock, as a sync takes them: a sync and a settle never cross.
      await tx.execute('select id from provider where id = ? for update', [found.providerId]);
      await tx.refresh(found);
      if (found.status !== 'HELD') throw new DomainError('PRICE_CHANGE_NOT_HELD');
      const status = await work(tx, found);
      found.resolve(status, actor.loginId, this.clock.now());
      this.audit.record(tx, actor, {
        action: status === 'APPLIED' ? 'apply' : 'dismiss',
        resource: 'price-changes',
        resourceId: found.id,
        before: { status: 'HELD' },
        after: { status },
      });
      return found;
    });
  }

  page(query: ListQuery): Promise<Page<PriceChange>> {
    return findPage(this.em.fork(), PriceChange, 'price-changes', query, {
      sortable: ['id', 'createdAt', 'providerId', 'serviceId', 'kind'],
      filters: {
        providerId: (v) => ({ providerId: filterId(v) }),
        serviceId: (v) => ({ serviceId: filterId(v) }),
        kind: (v) => ({ kind: { $in: filterOneOrMany(PRICE_CHANGE_KINDS, v) } }),
        status: (v) => ({ status: { $in: filterOneOrMany(PRICE_CHANGE_STATUSES, v) } }),
      },
    });
  }

  private async syncProvider(provider: Provider, actor: AuditActor): Promise<PriceSyncResult> {
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
        const plan = this.plan(service, upstream.get(service.providerServiceId!), provider, hideBelowCost, limit);
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

  /**
   * What the provider's entry means for one service of ours: the changes to write and what to record; null when
   * the price it would make is beyond what we store (skipped).
   */
  private plan(
    service: Service,
    listed: UpstreamService | undefined,
    provider: Provider,
    hideBelowCost: boolean,
    limit: bigint,
  ): { changes: PriceSyncChanges; found: Change[] } | null {
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
    let rate = service.providerRate ?? listed.rate;
    // The markup KEEP_MARKUP keeps: taken the first time the sync sees the service with a rate, if nobody set one.
    if (service.markupRate === null && service.providerRate !== null && /[1-9]/.test(service.providerRate)) {
      changes.markupPoint = service.point;
      changes.markupRate = service.providerRate;
    }
    if (!sameDecimal(service.providerCurrencyRate, provider.currencyRate))
      changes.providerCurrencyRate = provider.currencyRate;
    const oldRate = service.providerRate;
    if (oldRate === null || !sameDecimal(oldRate, listed.rate)) {
      const newPoint =
        service.priceRule === 'KEEP_MARKUP' ? markupPrice({ ...service, ...changes }, listed.rate) : service.point;
      if (compareDecimals(newPoint, MAX_POINT) > 0) return null;
      const label = `공급사 단가 ${oldRate === null ? '없음' : n(oldRate)} → ${n(listed.rate)} (${PRICE_RULE_LABELS[service.priceRule]})`;
      // A rate of nothing, or one far from the last, is more likely the provider's glitch than a price: held.
      if (oldRate !== null && /[1-9]/.test(oldRate) && beyondLimit(oldRate, listed.rate, limit)) {
        found.push({
          kind: 'RATE',
          status: 'HELD',
          rule: service.priceRule,
          oldRate,
          newRate: listed.rate,
          oldPoint: service.point,
          newPoint,
          note: /[1-9]/.test(listed.rate)
            ? `${label}: 변동이 한도(±${limit}%)를 넘어 보류했습니다. 판매가 ${n(service.point)} 유지 (반영하면 ${n(newPoint)})`
            : `${label}: 단가 0은 반영하지 않고 보류했습니다. 판매가 ${n(service.point)} 유지`,
        });
      } else {
        rate = listed.rate;
        point = newPoint;
        changes.providerRate = listed.rate;
        if (!sameDecimal(point, service.point)) changes.point = point;
        if (oldRate !== null)
          found.push({
            kind: 'RATE',
            rule: service.priceRule,
            oldRate,
            newRate: listed.rate,
            oldPoint: service.point,
            newPoint: point,
            note: `${label}: 판매가 ${n(service.point)} → ${n(point)}`,
          });
      }
    }
    if (!perPackage && (listed.min !== service.min || listed.max !== service.max) && listed.min <= listed.max) {
      changes.min = listed.min;
      changes.max = listed.max;
      found.push({
        kind: 'LIMITS',
        note: `최소·최대 수량 ${service.min}~${service.max} → ${listed.min}~${listed.max}`,
      });
    }
    const cost = unitCost(rate, provider.currencyRate, perPackage);
    if (compareDecimals(point, cost) < 0) {
      const hide = hideBelowCost && service.visible;
      if (hide) changes.visible = false;
      found.push({
        kind: 'BELOW_COST',
        rule: service.priceRule,
        newRate: rate,
        newPoint: point,
        note: `판매가 ${n(point)}원이 원가 ${n(cost)}원보다 낮습니다${hide ? ' (숨김)' : ''}.`,
      });
    }
    return { changes, found };
  }
}

/** KEEP_MARKUP's price at `rate`: the stored markup (price at a rate) scaled to it, rounded up; else the price as is. */
function markupPrice(
  service: Pick<Service, 'point' | 'priceRule' | 'markupPoint' | 'markupRate'>,
  rate: string,
): string {
  if (service.priceRule !== 'KEEP_MARKUP' || service.markupPoint === null || service.markupRate === null)
    return service.point;
  if (!/[1-9]/.test(service.markupRate) || !/[1-9]/.test(rate)) return service.point;
  return keepMarkupPrice(service.markupPoint, service.markupRate, rate, PRICE_SCALE);
}

const view = (s: Service) => ({
  point: s.point,
  providerRate: s.providerRate,
  min: s.min,
  max: s.max,
  visible: s.visible,
  priceRule: s.priceRule,
});
