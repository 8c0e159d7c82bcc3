import { Injectable, Logger } from '@nestjs/common';
import { wrap } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { Order, OrderStatus } from '../../ordering/index.js';
import { Clock, DomainError, NotFoundError } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { mapLimit } from './concurrency.js';
import { ProviderError, SmmClient } from './smm-client.js';
import { AlertsFacade } from '../../alerts/index.js';
import { SettingsService } from '../../settings/index.js';

/** Marks an order an operator must look at: it may or may not have been placed upstream. */
export const UNCERTAIN_MARK = '[확인 필요]';
const CHECK_ADVICE = '공급사에서 주문 여부를 확인한 뒤 재전송하거나 공급사 주문번호를 연결하세요.';

/**
 * Orders claimed (and marked) together in one statement, then sent. Small enough that a crash leaves few
 * orders to check by hand, large enough that the claim's round trip is shared by many sends.
 */
const BATCH = 200;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before the next try after `failures` failed attempts: 30 s, 1 min, 2 min ... at most 1 h. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/** What the sender needs of a claimed order once its transaction has committed. */
interface Claimed {
  id: number;
  providerId: number;
  service: string;
  link: string;
  quantity: number;
  /** The service type's fields (comments for Custom Comments; none for a Package). */
  type: string;
  comments: string | null;
}

export interface DispatchStats {
  sent: number;
  /** Refused or unreachable: retried later with backoff. */
  failed: number;
  /** No clear answer: held for an operator, never resent automatically. */
  uncertain: number;
}

type Outcome = { order: Claimed; providerOrderId: string } | { order: Claimed; error: Error };

/**
 * Places PENDING orders with their provider (`action=add`), at most once each.
 *
 * The rule: an order is never placed upstream twice. So the claim commits a write-ahead mark before
 * any request goes out (`markDispatching`: the order is no longer due, and reads "[확인 필요]"), the
 * request is sent outside any transaction, and only then is the outcome recorded:
 * - an order id → PROCESSING with the provider's order id;
 * - a definite failure (the provider answered `{"error"}`, or the request never reached it) → the
 *   order stays PENDING and is tried again with exponential backoff;
 * - anything ambiguous (timeout, connection cut, 5xx or unreadable answer), or a crash between send
 *   and record → the order keeps its write-ahead mark: it is not resent automatically. Most panels
 *   take no client order id, so there is nothing to reconcile against; an operator checks the
 *   provider's panel and either links the provider's order id or resends (POST .../resend).
 * Two runners never claim the same order (FOR UPDATE SKIP LOCKED, then the mark).
 */
@Injectable()
export class OrderSender {
  private readonly logger = new Logger('OrderSender');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly settings: SettingsService,
  ) {}

  /** One tick: claims and sends due orders `batch` at a time, up to `maxOrders`. */
  async runOnce(maxOrders = 20_000, batch = BATCH): Promise<DispatchStats> {
    const stats: DispatchStats = { sent: 0, failed: 0, uncertain: 0 };
    const providers = new Map((await this.em.fork().find(Provider, { enabled: true })).map((p) => [p.id, p]));
    if (providers.size === 0) return stats;
    for (let done = 0; done < maxOrders; ) {
      const claimed = await this.claim([...providers.keys()], Math.min(batch, maxOrders - done));
      if (claimed.length === 0) break;
      done += claimed.length;
      const result = await this.dispatch(claimed, providers);
      stats.sent += result.sent;
      stats.failed += result.failed;
      stats.uncertain += result.uncertain;
    }
    return stats;
  }

  /**
   * An operator's resend of a PENDING order that failed or is uncertain: with `providerOrderId`, links
   * the order the operator found on the provider's panel (nothing is sent); otherwise sends it now.
   */
  async resend(orderId: number, input: { providerOrderId?: string }, actor: AuditActor): Promise<ResendResult> {
    const toSend = await this.em.fork().transactional(async (tx) => {
      const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw new NotFoundError('주문을 찾을 수 없습니다.');
      if (order.status !== OrderStatus.PENDING || order.providerId === null || order.providerServiceId === null || order.providerOrderId !== null) {
        throw new DomainError('공급사로 보내지 못한 대기 주문만 재전송할 수 있습니다.', 409);
      }
      const before = wrap(order).toObject();
      const now = this.clock.now();
      if (input.providerOrderId) {
        order.markSent(input.providerOrderId, now);
        this.audit.record(tx, actor, { action: 'link-upstream', resource: 'orders', resourceId: order.id, before, after: wrap(order).toObject() });
        return null;
      }
      const provider = await tx.findOne(Provider, { id: order.providerId });
      if (!provider) throw new DomainError('공급사를 찾을 수 없습니다.', 409);
      if (!provider.enabled) throw new DomainError('비활성화된 공급사입니다. 공급사를 활성화한 뒤 재전송하세요.', 409);
      order.markDispatching(`${UNCERTAIN_MARK} 운영자 재전송 중 (${now.toISOString()}). ${CHECK_ADVICE}`, now);
      this.audit.record(tx, actor, { action: 'resend', resource: 'orders', resourceId: order.id, before, after: wrap(order).toObject() });
      return { claimed: claimedOf(order), provider };
    });
    if (toSend) await this.dispatch([toSend.claimed], new Map([[toSend.provider.id, toSend.provider]]));
    const order = await this.em.fork().findOneOrFail(Order, { id: orderId });
    return { id: order.id, status: order.status, providerOrderId: order.providerOrderId, dispatchAttempts: order.dispatchAttempts, nextDispatchAt: order.nextDispatchAt, lastError: order.lastError };
  }

  /**
   * Claims due orders of enabled providers (FOR UPDATE SKIP LOCKED, so replicas take disjoint sets) and
   * commits their write-ahead mark, all in one transaction: nothing is sent before this commits.
   */
  private async claim(providerIds: number[], limit: number): Promise<Claimed[]> {
    const now = this.clock.now();
    const note = `${UNCERTAIN_MARK} 공급사 전송 결과를 받지 못했습니다 (전송 시작 ${now.toISOString()}). ${CHECK_ADVICE}`;
    return this.em.fork().transactional(async (tx) => {
      const orders = await tx.find(
        Order,
        { status: OrderStatus.PENDING, providerId: { $in: providerIds }, providerServiceId: { $ne: null }, providerOrderId: null, nextDispatchAt: { $lte: now } },
        { orderBy: { nextDispatchAt: 'ASC', id: 'ASC' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const order of orders) order.markDispatching(note, now);
      await tx.flush();
      return orders.map(claimedOf);
    });
  }

  /** Sends claimed orders, each provider's at most `maxConcurrency` at a time (providers side by side), and records every outcome. */
  private async dispatch(claimed: Claimed[], providers: Map<number, Provider>): Promise<DispatchStats> {
    const byProvider = new Map<number, Claimed[]>();
    for (const order of claimed) byProvider.set(order.providerId, [...(byProvider.get(order.providerId) ?? []), order]);
    const perProvider = await Promise.all(
      [...byProvider].map(([providerId, orders]) => {
        const provider = providers.get(providerId)!;
        return mapLimit(orders, Math.max(1, provider.maxConcurrency), async (order): Promise<Outcome> => {
          try {
            const providerOrderId =
              order.type === 'Default'
                ? await this.client.add(provider, { service: order.service, link: order.link, quantity: order.quantity })
                : await this.client.addTyped(provider, order);
            return { order, providerOrderId };
          } catch (error) {
            return { order, error: error instanceof Error ? error : new Error(String(error)) };
          }
        });
      }),
    );
    return this.record(perProvider.flat(), providers);
  }

  private async record(outcomes: Outcome[], providers: Map<number, Provider>): Promise<DispatchStats> {
    const stats: DispatchStats = { sent: 0, failed: 0, uncertain: 0 };
    const orphans: { provider: Provider; providerOrderId: string; orderId: number }[] = [];
    const held: { id: number; error: string }[] = [];
    await this.em.fork().transactional(async (tx) => {
      const ids = outcomes.map((o) => o.order.id);
      const orders = new Map((await tx.find(Order, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE })).map((o) => [o.id, o]));
      const now = this.clock.now();
      for (const outcome of outcomes) {
        const order = orders.get(outcome.order.id);
        const stillOurs = order && order.status === OrderStatus.PENDING && order.providerOrderId === null;
        if ('providerOrderId' in outcome) {
          if (stillOurs) {
            order.markSent(outcome.providerOrderId, now);
            stats.sent++;
          } else {
            // Canceled (or linked by an operator) while the request was out: take the upstream order back.
            orphans.push({ provider: providers.get(outcome.order.providerId)!, providerOrderId: outcome.providerOrderId, orderId: outcome.order.id });
          }
          continue;
        }
        const { error } = outcome;
        const definite = error instanceof ProviderError && !error.ambiguous;
        if (definite) stats.failed++;
        else stats.uncertain++;
        if (!stillOurs) continue;
        if (definite) order.markSendFailed(error.message, new Date(now.getTime() + backoffMs(order.dispatchAttempts + 1)), now);
        else {
          order.markDispatching(`${UNCERTAIN_MARK} ${error.message}: 공급사에 주문이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. ${CHECK_ADVICE}`, now);
          held.push({ id: order.id, error: error.message });
        }
      }
    });
    for (const orphan of orphans) await this.cancelOrphan(orphan);
    for (const order of held) await this.alerts.raise('ORDER_CHECK', `주문 #${order.id} 확인 필요: 공급사 응답이 불확실합니다 (${order.error})`, `order-check:${order.id}`);
    await this.countErrorsInARow(outcomes, providers);
    return stats;
  }

  /**
   * Keeps each provider's count of failed sends in a row (in its row, so every replica adds to the
   * same count); the batch that takes it to ALERT_PROVIDER_ERRORS (default 5) raises one alert.
   */
  private async countErrorsInARow(outcomes: Outcome[], providers: Map<number, Provider>): Promise<void> {
    const streaks = new Map<number, { reset: boolean; trailing: number }>();
    for (const outcome of outcomes) {
      const streak = streaks.get(outcome.order.providerId) ?? { reset: false, trailing: 0 };
      if ('providerOrderId' in outcome) streaks.set(outcome.order.providerId, { reset: true, trailing: 0 });
      else streaks.set(outcome.order.providerId, { ...streak, trailing: streak.trailing + 1 });
    }
    const setting = String(await this.settings.get('ALERT_PROVIDER_ERRORS'));
    const limit = setting === '' ? 5 : Number(setting);
    for (const [providerId, { reset, trailing }] of streaks) {
      if (!reset && trailing === 0) continue;
      const [row] = await this.em
        .fork()
        .execute<{ before: number; after: number }[]>(
          `update provider p set consecutive_errors = ${reset ? '?' : 'p.consecutive_errors + ?'} from provider old where p.id = old.id and p.id = ? returning old.consecutive_errors as before, p.consecutive_errors as after`,
          [trailing, providerId],
        );
      if (!row || limit <= 0 || trailing === 0) continue;
      const before = reset ? 0 : row.before;
      if (before < limit && row.after >= limit) {
        const name = providers.get(providerId)?.name ?? `#${providerId}`;
        const last = outcomes.filter((o) => o.order.providerId === providerId && 'error' in o).at(-1) as { error: Error } | undefined;
        await this.alerts.raise('PROVIDER_ERRORS', `공급사 ${name}(#${providerId}) 주문 전송이 ${row.after}번 연속 실패했습니다: ${last?.error.message ?? ''}`, `provider-errors:${providerId}:${this.clock.now().toISOString()}`);
      }
    }
  }

  private async cancelOrphan({ provider, providerOrderId, orderId }: { provider: Provider; providerOrderId: string; orderId: number }): Promise<void> {
    const answer = await this.client.cancel(provider, [providerOrderId]).catch((error: Error) => new Map([[providerOrderId, error.message]]));
    const result = answer.get(providerOrderId);
    if (result === true) this.logger.warn(`order ${orderId} ended while being placed; provider order ${providerOrderId} canceled upstream`);
    else this.logger.error(`order ${orderId} ended while being placed; provider order ${providerOrderId} could not be canceled upstream: ${result}`);
  }
}

export interface ResendResult {
  id: number;
  status: OrderStatus;
  providerOrderId: string | null;
  dispatchAttempts: number;
  nextDispatchAt: Date | null;
  lastError: string | null;
}

function claimedOf(order: Order): Claimed {
  return { id: order.id, providerId: order.providerId!, service: order.providerServiceId!, link: order.link, quantity: order.amount, type: order.serviceType, comments: order.comments };
}
