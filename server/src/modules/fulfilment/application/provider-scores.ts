import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ProviderScore } from '../../../contracts/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { OrderingFacade } from '../../ordering/index.js';
import { SettingsService } from '../../settings/index.js';
import { Clock, JobEngine } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { HELD_DISPATCH_STATUSES, statusList } from '../domain/order-dispatch.entity.js';

const DAY_MS = 86_400_000;
/** Fewer ended orders than this in 7 days say nothing about a provider's completion rate. */
const MIN_ENDED_FOR_ALERT = 20;
const DEFAULT_COMPLETION_MIN = 80;

interface Tally {
  tried: number;
  sent: number;
  ended: number;
  completed: number;
  partial: number;
  canceled: number;
  errors: number;
  toStart: number[];
  toComplete: number[];
  refills: number;
  refillsEnded: number;
  refillsCompleted: number;
}

const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 1000) / whole) / 10;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * How each provider (and each of its services) did over the last 7 or 30 days, from fulfilment's
 * dispatch records and the orders' statuses (ordering's facade): orders sent, completed / partial /
 * canceled shares of the ended ones, median seconds to start and to complete, share of sends that
 * failed first, and the refills asked in the window with the completed share of those that ended. An hourly check alerts when a provider's 7-day completion drops under
 * ALERT_PROVIDER_COMPLETION_MIN (default 80 %), once a day per provider.
 */
@Injectable()
export class ProviderScores {
  private readonly logger = new Logger('ProviderScores');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly ordering: OrderingFacade,
    private readonly settings: SettingsService,
    private readonly alerts: AlertsFacade,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('provider-completion-alert', () => this.alertLowCompletion());
  }

  async scores(days: 7 | 30): Promise<ProviderScore[]> {
    const since = new Date(this.clock.now().getTime() - days * DAY_MS);
    const records = await this.em.fork().execute<
      {
        order_id: number;
        provider_id: number;
        provider_service_id: string | null;
        attempts: number;
        placed: boolean;
        held: boolean;
        created_at: Date;
        started_at: Date | null;
        finished_at: Date | null;
      }[]
    >(
      `select order_id, provider_id, provider_service_id, attempts, provider_order_id is not null as placed,
         status in (${statusList(HELD_DISPATCH_STATUSES)}) as held, created_at, started_at, finished_at
       from order_dispatch where created_at >= ?`,
      [since],
    );
    const statuses = new Map(
      (await this.ordering.ordersForSync(records.map((r) => r.order_id))).map((o) => [o.id, o.status as string]),
    );
    const names = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p.name]));
    const tallies = new Map<string, { providerId: number; serviceId: string | null; tally: Tally }>();
    const tallyOf = (providerId: number, serviceId: string | null) => {
      const key = `${providerId}:${serviceId ?? '*'}`;
      let entry = tallies.get(key);
      if (!entry) {
        entry = {
          providerId,
          serviceId,
          tally: {
            tried: 0,
            sent: 0,
            ended: 0,
            completed: 0,
            partial: 0,
            canceled: 0,
            errors: 0,
            toStart: [],
            toComplete: [],
            refills: 0,
            refillsEnded: 0,
            refillsCompleted: 0,
          },
        };
        tallies.set(key, entry);
      }
      return entry.tally;
    };
    for (const record of records) {
      const status = statuses.get(record.order_id);
      const targets = [tallyOf(record.provider_id, null)];
      if (record.provider_service_id) targets.push(tallyOf(record.provider_id, record.provider_service_id));
      for (const t of targets) {
        t.tried++;
        if (record.placed) t.sent++;
        if (record.attempts > 0 || record.held) t.errors++;
        if (!record.placed) continue;
        if (status === 'COMPLETED' || status === 'PARTIAL' || status === 'CANCELED') t.ended++;
        if (status === 'COMPLETED') t.completed++;
        if (status === 'PARTIAL') t.partial++;
        if (status === 'CANCELED') t.canceled++;
        const created = new Date(record.created_at).getTime();
        if (record.started_at) t.toStart.push(Math.round((new Date(record.started_at).getTime() - created) / 1000));
        if (status === 'COMPLETED' && record.finished_at)
          t.toComplete.push(Math.round((new Date(record.finished_at).getTime() - created) / 1000));
      }
    }
    // Refills asked in the window, by the provider the order went to (and its service there, from the dispatch).
    const refills = await this.ordering.refillsSince(since);
    const serviceOf = new Map(
      refills.length === 0
        ? []
        : (
            await this.em
              .fork()
              .execute<{ order_id: number; provider_service_id: string | null }[]>(
                `select order_id, provider_service_id from order_dispatch where order_id in (?)`,
                [refills.map((r) => r.orderId)],
              )
          ).map((r) => [r.order_id, r.provider_service_id]),
    );
    for (const refill of refills) {
      const serviceId = serviceOf.get(refill.orderId) ?? null;
      const targets = [tallyOf(refill.providerId, null)];
      if (serviceId) targets.push(tallyOf(refill.providerId, serviceId));
      for (const t of targets) {
        t.refills++;
        if (refill.status === 'COMPLETED' || refill.status === 'REJECTED') t.refillsEnded++;
        if (refill.status === 'COMPLETED') t.refillsCompleted++;
      }
    }
    return [...tallies.values()]
      .sort(
        (a, b) =>
          a.providerId - b.providerId || (a.serviceId ?? '').localeCompare(b.serviceId ?? '', 'en', { numeric: true }),
      )
      .map(({ providerId, serviceId, tally: t }) => ({
        id: `${providerId}:${serviceId ?? '*'}`,
        providerId,
        providerName: names.get(providerId) ?? `#${providerId}`,
        providerServiceId: serviceId,
        days,
        sent: t.sent,
        ended: t.ended,
        completedPercent: percent(t.completed, t.ended),
        partialPercent: percent(t.partial, t.ended),
        canceledPercent: percent(t.canceled, t.ended),
        medianSecondsToStart: median(t.toStart),
        medianSecondsToComplete: median(t.toComplete),
        errorPercent: percent(t.errors, t.tried),
        refillsRequested: t.refills,
        refillsCompleted: t.refillsCompleted,
        refillSuccessPercent: percent(t.refillsCompleted, t.refillsEnded),
      }));
  }

  @Interval('provider-completion-alert', 60 * 60_000)
  tick(): Promise<void> {
    return this.jobs.tick('provider-completion-alert');
  }

  /** Providers whose 7-day completion rate is under the threshold (each alerted once a day). */
  async alertLowCompletion(): Promise<number[]> {
    const setting = String(await this.settings.get('ALERT_PROVIDER_COMPLETION_MIN'));
    const threshold = setting === '' ? DEFAULT_COMPLETION_MIN : Number(setting);
    if (!(threshold > 0)) return [];
    const low: number[] = [];
    const day = this.clock.now().toISOString().slice(0, 10);
    for (const score of await this.scores(7)) {
      if (score.providerServiceId !== null || score.ended < MIN_ENDED_FOR_ALERT) continue;
      if (score.completedPercent === null || score.completedPercent >= threshold) continue;
      low.push(score.providerId);
      await this.alerts.raise(
        'PROVIDER_COMPLETION',
        `공급사 ${score.providerName}(#${score.providerId}) 최근 7일 완료율 ${score.completedPercent}%: 기준 ${threshold}% 미만입니다 (종료 ${score.ended}건).`,
        `provider-completion:${score.providerId}:${day}`,
      );
      this.logger.warn(`provider ${score.providerId}: completion ${score.completedPercent}% under ${threshold}%`);
    }
    return low;
  }
}
