import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { OrderingFacade, OrderStatus } from '../../ordering/index.js';
import { Clock, DomainError, NotFoundError } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { DispatchStatus, OrderDispatch, resendNote, UNCERTAIN_MARK } from '../domain/order-dispatch.entity.js';
import { groupBy, mapLimit } from './concurrency.js';
import { claimDueOrders, type Claimed } from './dispatch-claim.js';
import { ProviderError, SmmClient } from './smm-client.js';
import { AlertsFacade } from '../../alerts/index.js';
import { CatalogFacade, termsKey } from '../../catalog/index.js';
import { expectedCost } from '../domain/cost.js';
import { Failover, mayFailOver, type BackupPlacement } from './failover.js';
import { SettingsService } from '../../settings/index.js';

export { UNCERTAIN_MARK };

/**
 * Orders claimed (and marked) together in one statement, then sent. Small enough that a crash leaves few
 * orders to check by hand, large enough that the claim's round trip is shared by many sends.
 */
const BATCH = 200;

const { CLAIMED } = DispatchStatus;

/** An audit row's view of an order and its dispatch record: the order's status, and the record's as `dispatchStatus`. */
function auditView(status: OrderStatus, record: OrderDispatch | null) {
  if (!record) return { status };
  const { status: dispatchStatus, ...rest } = record.view();
  return { status, dispatchStatus, ...rest };
}

export interface DispatchStats {
  sent: number;
  /** Refused or unreachable: retried later with backoff. */
  failed: number;
  /** No clear answer: held for an operator, never resent automatically. */
  uncertain: number;
}

/** A send's outcome; `backup` when a backup provider took it after the primary refused, `providerId` when a backup's answer was uncertain. */
type Outcome =
  | { order: Claimed; providerOrderId: string; backup?: BackupPlacement }
  | { order: Claimed; error: Error; providerId?: number };

/**
 * Places PENDING orders with their provider (`action=add`), at most once each.
 *
 * The rule: an order is never placed upstream twice. So the claim commits a write-ahead record before
 * any request goes out (an order_dispatch row, CLAIMED, its note reading "[확인 필요]"), the request is sent
 * outside any transaction, and only then is the outcome recorded:
 * - an order id → the record keeps the provider's order id, and ordering moves the order to PROCESSING;
 * - a definite failure (the provider answered `{"error"}`, or the request never reached it) → the
 *   order stays PENDING and its record is due again with exponential backoff;
 * - anything ambiguous (timeout, connection cut, 5xx or unreadable answer), or a crash between send
 *   and record → the record keeps its write-ahead note: it is not resent automatically. Most panels
 *   take no client order id, so there is nothing to reconcile against; an operator checks the
 *   provider's panel and either links the provider's order id or resends (POST .../resend).
 * Two runners never claim the same order: the claim locks the order rows (FOR UPDATE SKIP LOCKED), and
 * the record's insert (or a retry's update, only while still due) is what takes it.
 */
@Injectable()
export class OrderSender {
  private readonly logger = new Logger('OrderSender');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly ordering: OrderingFacade,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly settings: SettingsService,
    private readonly catalog: CatalogFacade,
    private readonly failover: Failover,
  ) {}

  /**
   * One tick: claims and sends due orders `batch` at a time, up to `maxOrders`. Three batches overlap:
   * the next one is claimed while the current one is out, and the previous one's outcomes are recorded
   * meanwhile (a batch is recorded only after the one before it).
   */
  async runOnce(maxOrders = 20_000, batch = BATCH): Promise<DispatchStats> {
    const stats: DispatchStats = { sent: 0, failed: 0, uncertain: 0 };
    const add = (result: DispatchStats) => {
      stats.sent += result.sent;
      stats.failed += result.failed;
      stats.uncertain += result.uncertain;
    };
    const providers = new Map((await this.em.fork().find(Provider, { enabled: true })).map((p) => [p.id, p]));
    if (providers.size === 0) return stats;
    const ids = [...providers.keys()];
    let claimed = 0;
    const claimNext = () => {
      const limit = Math.min(batch, maxOrders - claimed);
      if (limit <= 0) return Promise.resolve([] as Claimed[]);
      return this.claim(ids, limit).then((rows) => {
        claimed += rows.length;
        return rows;
      });
    };
    let next = claimNext();
    let recording: Promise<DispatchStats> | null = null;
    try {
      for (;;) {
        const current = await next;
        if (current.length === 0) break;
        next = claimNext();
        // A failed claim must not leave the current batch unsent (its records are committed): it fails the next round.
        next.catch(() => undefined);
        const outcomes = await this.send(current, providers);
        if (recording) add(await recording);
        recording = this.record(outcomes, providers);
      }
    } finally {
      if (recording) add(await recording);
    }
    return stats;
  }

  /**
   * An operator's resend of a PENDING order that failed or is uncertain: with `providerOrderId`, links
   * the order the operator found on the provider's panel (nothing is sent); otherwise sends it now.
   */
  async resend(orderId: number, input: { providerOrderId?: string }, actor: AuditActor): Promise<ResendResult> {
    const toSend = await this.em.fork().transactional(async (tx) => {
      const order = await this.ordering.upstreamOrder(tx, orderId, true);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
      const dispatch = await tx.findOne(OrderDispatch, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (
        order.status !== OrderStatus.PENDING ||
        order.providerId === null ||
        order.service === null ||
        (dispatch && !dispatch.mayResend)
      ) {
        throw new DomainError('ORDER_RESEND_NOT_WAITING');
      }
      const before = auditView(order.status, dispatch);
      const now = this.clock.now();
      let record = dispatch;
      if (!record) {
        record = OrderDispatch.claim(orderId, order.providerId, resendNote(now), now);
        tx.persist(record);
      }
      if (input.providerOrderId) {
        record.sent(input.providerOrderId, now);
        await tx.flush();
        await this.ordering.acceptUpstream(tx, [orderId], now);
        this.audit.record(tx, actor, {
          action: 'link-upstream',
          resource: 'orders',
          resourceId: orderId,
          before,
          after: auditView(OrderStatus.PROCESSING, record),
        });
        return null;
      }
      const provider = await tx.findOne(Provider, { id: order.providerId });
      if (!provider) throw new DomainError('ORDER_RESEND_PROVIDER_MISSING');
      if (!provider.enabled) throw new DomainError('ORDER_RESEND_PROVIDER_DISABLED');
      record.claimAgain(resendNote(now), now);
      this.audit.record(tx, actor, {
        action: 'resend',
        resource: 'orders',
        resourceId: orderId,
        before,
        after: auditView(order.status, record),
      });
      return { claimed: { ...(order as Claimed), attempts: record.attempts }, provider };
    });
    if (toSend) {
      // Every enabled provider: a refused resend may fail over to the service's backups.
      const providers = new Map((await this.em.fork().find(Provider, { enabled: true })).map((p) => [p.id, p]));
      providers.set(toSend.provider.id, toSend.provider);
      await this.record(await this.send([toSend.claimed], providers), providers);
    }
    const em = this.em.fork();
    const [order, dispatch] = await Promise.all([
      this.ordering.upstreamOrder(em, orderId),
      em.findOneOrFail(OrderDispatch, { id: orderId }),
    ]);
    return {
      id: orderId,
      status: order!.status,
      dispatchStatus: dispatch.status,
      providerOrderId: dispatch.providerOrderId,
      dispatchAttempts: dispatch.attempts,
      nextDispatchAt: dispatch.nextAttemptAt,
      lastError: dispatch.lastError,
    };
  }

  /**
   * Claims due orders of enabled providers in one statement ({@link claimDueOrders}), committed before
   * anything is sent: only the orders it returns were taken.
   */
  private claim(providerIds: number[], limit: number): Promise<Claimed[]> {
    return claimDueOrders(this.em.fork(), providerIds, limit, this.clock.now());
  }

  /** Sends claimed orders, each provider's at most `maxConcurrency` at a time (providers side by side); every outcome, none thrown. */
  private async send(claimed: Claimed[], providers: Map<number, Provider>): Promise<Outcome[]> {
    const byProvider = groupBy(claimed, (order) => order.providerId!);
    const perProvider = await Promise.all(
      [...byProvider].map(([providerId, orders]) => {
        const provider = providers.get(providerId)!;
        return mapLimit(orders, Math.max(1, provider.maxConcurrency), async (order): Promise<Outcome> => {
          try {
            const providerOrderId = await this.client.add(provider, {
              service: order.service!,
              link: order.link,
              quantity: order.quantity,
              type: order.type,
              comments: order.comments,
            });
            return { order, providerOrderId };
          } catch (caught) {
            const error = caught instanceof Error ? caught : new Error(String(caught));
            if (!mayFailOver(error)) return { order, error };
            const next = await this.failover.tryBackups(order, error, providers);
            if ('placed' in next) return { order, providerOrderId: next.placed.providerOrderId, backup: next.placed };
            if ('uncertain' in next) return { order, error: next.uncertain, providerId: next.providerId };
            return { order, error: next.refused };
          }
        });
      }),
    );
    return perProvider.flat();
  }

  /**
   * Records a batch's outcomes in one transaction and a few statements: ordering moves the accepted
   * orders to PROCESSING (one statement), and every record is written by one UPDATE … FROM (VALUES …),
   * only while it is still the claim this runner made (not linked by an operator meanwhile).
   */
  private async record(outcomes: Outcome[], providers: Map<number, Provider>): Promise<DispatchStats> {
    const stats: DispatchStats = { sent: 0, failed: 0, uncertain: 0 };
    const orphans: { provider: Provider; providerOrderId: string; orderId: number }[] = [];
    const held: { id: number; error: string }[] = [];
    const costs = await this.expectedCosts(outcomes, providers);
    await this.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const accepted = new Set(
        await this.ordering.acceptUpstream(
          tx,
          outcomes.filter((o) => 'providerOrderId' in o).map((o) => o.order.id),
          now,
        ),
      );
      const failedOver = outcomes.flatMap((o) =>
        'providerOrderId' in o && o.backup && accepted.has(o.order.id)
          ? [{ id: o.order.id, providerId: o.backup.providerId, providerServiceId: o.backup.providerServiceId }]
          : [],
      );
      await this.ordering.takenByBackup(tx, failedOver, now);
      const unsent = outcomes.filter((o) => 'error' in o).map((o) => o.order.id);
      const pending = await this.ordering.pendingAmong(tx, unsent);
      const records: OrderDispatch[] = [];
      for (const outcome of outcomes) {
        // The claim as committed (CLAIMED): the transitions below are the entity's, written together afterwards.
        const record = Object.assign(new OrderDispatch(), {
          status: CLAIMED,
          id: outcome.order.id,
          providerId: outcome.order.providerId,
          attempts: outcome.order.attempts,
        });
        records.push(record);
        if ('providerOrderId' in outcome) {
          if (outcome.backup) record.providerId = outcome.backup.providerId;
          if (accepted.has(outcome.order.id)) {
            record.sent(outcome.providerOrderId, now);
            record.providerServiceId = outcome.backup?.providerServiceId ?? outcome.order.service;
            record.expectedCost = costs.get(outcome.order.id) ?? null;
            stats.sent++;
          } else {
            // Canceled (or linked by an operator) while the request was out: take the upstream order back.
            record.orphaned(outcome.providerOrderId, now);
            orphans.push({
              provider: providers.get(record.providerId)!,
              providerOrderId: outcome.providerOrderId,
              orderId: outcome.order.id,
            });
          }
          continue;
        }
        const { error } = outcome;
        const definite = error instanceof ProviderError && !error.ambiguous;
        if (definite) {
          stats.failed++;
          record.failed(error.message, now);
        } else {
          stats.uncertain++;
          // A backup's uncertain answer: the operator checks that provider's panel.
          if (outcome.providerId !== undefined) record.providerId = outcome.providerId;
          record.holdUncertain(error.message, now);
          if (pending.has(outcome.order.id)) held.push({ id: outcome.order.id, error: error.message });
        }
      }
      await this.writeRecords(tx, records);
    });
    for (const orphan of orphans) await this.cancelOrphan(orphan);
    for (const order of held)
      await this.alerts.raise(
        'ORDER_CHECK',
        `주문 #${order.id} 확인 필요: 공급사 응답이 불확실합니다 (${order.error})`,
        `order-check:${order.id}`,
      );
    await this.countErrorsInARow(outcomes, providers);
    return stats;
  }

  /**
   * The expected cost of each accepted order (rate known at this moment × quantity × the taking
   * provider's currency rate, exact): the primary's rate from the catalogue (one query per batch), a
   * backup's from the service's backup list. Unknown rates leave the cost unknown (null).
   */
  private async expectedCosts(outcomes: Outcome[], providers: Map<number, Provider>): Promise<Map<number, string>> {
    const placed = outcomes.filter((o): o is Extract<Outcome, { providerOrderId: string }> => 'providerOrderId' in o);
    const costs = new Map<number, string>();
    if (placed.length === 0) return costs;
    const terms = await this.catalog.upstreamTerms(
      placed
        .filter((o) => !o.backup)
        .map((o) => ({ providerId: o.order.providerId!, providerServiceId: o.order.service! })),
    );
    for (const { order, backup } of placed) {
      const providerId = backup?.providerId ?? order.providerId!;
      const rate = backup ? backup.rate : (terms.get(termsKey(providerId, order.service!))?.providerRate ?? null);
      const currencyRate = providers.get(providerId)?.currencyRate;
      if (rate === null || currencyRate === undefined) continue;
      costs.set(order.id, expectedCost(rate, order.quantity, currencyRate, order.type === 'Package'));
    }
    return costs;
  }

  /**
   * One UPDATE … FROM a batch of records, each only while still CLAIMED (their moves were made above, by the entity).
   * The rows travel as one JSON parameter (jsonb_to_recordset) rather than a VALUES list of 7 × n
   * placeholders, which the driver would format value by value.
   */
  private async writeRecords(tx: EntityManager, records: OrderDispatch[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((r) => ({
      order_id: r.id,
      status: r.status,
      provider_id: r.providerId,
      provider_service_id: r.providerServiceId,
      expected_cost: r.expectedCost,
      provider_order_id: r.providerOrderId,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt,
      last_error: r.lastError,
      finished_at: r.finishedAt,
      updated_at: r.updatedAt,
    }));
    await tx.execute(
      `update order_dispatch d set status = v.status, provider_id = v.provider_id, provider_service_id = v.provider_service_id, expected_cost = v.expected_cost, provider_order_id = v.provider_order_id, attempts = v.attempts, next_attempt_at = v.next_attempt_at, last_error = v.last_error, finished_at = v.finished_at, updated_at = v.updated_at
       from jsonb_to_recordset(?::jsonb) as v(order_id int, status text, provider_id int, provider_service_id varchar, expected_cost numeric, provider_order_id varchar, attempts int, next_attempt_at timestamptz, last_error varchar, finished_at timestamptz, updated_at timestamptz)
       where d.order_id = v.order_id and d.status = '${CLAIMED}'`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Keeps each provider's count of failed sends in a row (in its row, so every replica adds to the
   * same count); the batch that takes it to ALERT_PROVIDER_ERRORS (default 5) raises one alert.
   */
  private async countErrorsInARow(outcomes: Outcome[], providers: Map<number, Provider>): Promise<void> {
    const streaks = new Map<number, { reset: boolean; trailing: number }>();
    for (const outcome of outcomes) {
      const providerId = outcome.order.providerId!;
      const streak = streaks.get(providerId) ?? { reset: false, trailing: 0 };
      // A failover's success is still the primary's refusal.
      if ('providerOrderId' in outcome && !outcome.backup) streaks.set(providerId, { reset: true, trailing: 0 });
      else streaks.set(providerId, { ...streak, trailing: streak.trailing + 1 });
    }
    const setting = String(await this.settings.get('ALERT_PROVIDER_ERRORS'));
    const limit = setting === '' ? 5 : Number(setting);
    for (const [providerId, { reset, trailing }] of streaks) {
      if (!reset && trailing === 0) continue;
      const [row] = await this.em.fork().execute<{ before: number; after: number }[]>(
        // The count before is read under the row's lock (a self-join without it reads this statement's
        // snapshot, stale when another replica's count committed meanwhile); PostgreSQL 15+ runs it. The lock is
        // the update's own (no key update): FOR UPDATE would wait on the key-share locks of the dispatch rows'
        // foreign keys, held by the sender's open transaction.
        `update provider p set consecutive_errors = ${reset ? '?' : 'prior.consecutive_errors + ?'} from (select id, consecutive_errors from provider where id = ? for no key update) prior where p.id = prior.id returning prior.consecutive_errors as before, p.consecutive_errors as after`,
        [trailing, providerId],
      );
      if (!row || limit <= 0 || trailing === 0) continue;
      const before = reset ? 0 : row.before;
      if (before < limit && row.after >= limit) {
        const name = providers.get(providerId)?.name ?? `#${providerId}`;
        const last = outcomes.filter((o) => o.order.providerId === providerId && 'error' in o).at(-1) as
          { error: Error } | undefined;
        await this.alerts.raise(
          'PROVIDER_ERRORS',
          `공급사 ${name}(#${providerId}) 주문 전송이 ${row.after}번 연속 실패했습니다: ${last?.error.message ?? ''}`,
          `provider-errors:${providerId}:${this.clock.now().toISOString()}`,
        );
      }
    }
  }

  private async cancelOrphan({
    provider,
    providerOrderId,
    orderId,
  }: {
    provider: Provider;
    providerOrderId: string;
    orderId: number;
  }): Promise<void> {
    const answer = await this.client
      .cancel(provider, [providerOrderId])
      .catch((error: Error) => new Map([[providerOrderId, error.message]]));
    const result = answer.get(providerOrderId);
    if (result === true)
      this.logger.warn(
        `order ${orderId} ended while being placed; provider order ${providerOrderId} canceled upstream`,
      );
    else
      this.logger.error(
        `order ${orderId} ended while being placed; provider order ${providerOrderId} could not be canceled upstream: ${result}`,
      );
  }
}

export interface ResendResult {
  id: number;
  status: OrderStatus;
  dispatchStatus: DispatchStatus;
  providerOrderId: string | null;
  dispatchAttempts: number;
  nextDispatchAt: Date | null;
  lastError: string | null;
}
