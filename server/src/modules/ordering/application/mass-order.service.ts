import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import {
  commentLines,
  MASS_ORDER_MESSAGES,
  massOrderFields,
  massOrderLines,
  massOrderUnknownService,
  memberUnitPrice,
  orderCost,
  orderProblem,
  orderQuantity,
  orderRequestSchema,
  type MassOrderAnswer,
  type MassOrderLineView,
  type OrderRequest,
} from '../../../contracts/index.js';
import { CatalogFacade, type Service } from '../../catalog/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { SettingsService } from '../../settings/index.js';
import { InsufficientPointsError, LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Clock, DomainError, firstIssueMessage } from '../../../shared/index.js';
import { IdempotencyKey } from '../domain/idempotency-key.entity.js';
import { Order } from '../domain/order.entity.js';
import { orderReference } from './order-commands.service.js';
import { ORDER_COLUMNS, orderRowValues } from './order-row.js';

/** A line that passed every rule: what it places. */
interface Good {
  view: MassOrderLineView<bigint>;
  service: Service;
  input: OrderRequest;
}

/** Another request with the same key committed first: answer with its result. */
class KeyTaken extends Error {}

const fingerprintOf = (text: string): string =>
  createHash('sha256')
    .update(
      `mass\n${massOrderLines(text)
        .map((l) => l.text)
        .join('\n')}`,
    )
    .digest('hex');

/**
 * 대량 주문: up to 500 lines, each checked by the one order's rules (orderRequestSchema, orderProblem) at the
 * member's price. A preview answers every line's price or error; placing makes every order and its own ledger
 * entry in ONE transaction after ONE balance check (the wallet's debitMany), or nothing at all (a bad line,
 * a short balance). An Idempotency-Key keeps the first answer: a resubmit places nothing twice.
 */
@Injectable()
export class MassOrders {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly settings: SettingsService,
    private readonly wallet: WalletFacade,
    private readonly pricing: PricingFacade,
    private readonly clock: Clock,
  ) {}

  async run(
    memberId: number,
    text: string,
    options: { preview: boolean; idempotencyKey?: string | null },
  ): Promise<MassOrderAnswer<bigint>> {
    const key = options.preview ? null : (options.idempotencyKey ?? null);
    if (key !== null && (key.length === 0 || key.length > 100)) throw new DomainError('ORDER_IDEMPOTENCY_KEY_INVALID');
    const print = fingerprintOf(text);
    if (key !== null) {
      const prior = await this.prior(memberId, key, print);
      if (prior) return prior;
    }
    // A preview still prices the lines; placing them waits for the end of maintenance.
    if (!options.preview) await this.settings.assertOpen();
    const { views, good } = await this.check(memberId, text);
    const total = good.reduce((sum, g) => sum + g.view.point!, 0n);
    const answer = (balance: bigint, placed: boolean, message: string | null): MassOrderAnswer<bigint> => ({
      lines: views,
      count: good.length,
      errors: views.length - good.length,
      total,
      balance,
      shortfall: total > balance ? total - balance : 0n,
      placed,
      replayed: false,
      message,
    });
    const errors = views.length - good.length;
    if (options.preview || errors > 0) {
      const balance = await this.wallet.balanceOf(memberId);
      return answer(balance, false, errors > 0 && !options.preview ? MASS_ORDER_MESSAGES.hasErrors : null);
    }
    try {
      return await this.em.fork().transactional(async (tx) => {
        const balance = await this.wallet.lockedBalance(tx, memberId);
        if (balance < total) throw new Short(answer(balance, false, MASS_ORDER_MESSAGES.shortfall));
        const now = this.clock.now();
        const ids = await tx.execute<{ id: number }[]>(
          `select nextval(pg_get_serial_sequence('service_order', 'id'))::int as id from generate_series(1, ?)`,
          [good.length],
        );
        const orders = good.map((g, i) => {
          const order = Order.place({
            memberId,
            service: g.service,
            link: g.input.link,
            amount: g.input.amount,
            comments: g.input.comments || null,
            point: g.view.point!,
            now,
          });
          order.id = Number(ids[i]!.id);
          g.view.orderId = order.id;
          return order;
        });
        await insertOrdersWithIds(tx, orders);
        const after = await this.wallet.debitMany(
          tx,
          memberId,
          orders.map((o) => ({
            amount: o.point,
            kind: LedgerKind.ORDER,
            reference: orderReference(o.id),
            memo: `주문 ${o.id} (대량 주문)`,
          })),
        );
        const placed = { ...answer(balance, true, MASS_ORDER_MESSAGES.placed), balance: after, shortfall: 0n };
        if (key !== null) await this.claimKey(tx, memberId, key, print, placed, now);
        return placed;
      });
    } catch (error) {
      if (error instanceof Short) return error.answer;
      if (error instanceof InsufficientPointsError)
        return answer(await this.wallet.balanceOf(memberId), false, MASS_ORDER_MESSAGES.shortfall);
      if (!(error instanceof KeyTaken)) throw error;
      const prior = await this.prior(memberId, key!, print);
      if (!prior) throw new DomainError('ORDER_FAILED');
      return prior;
    }
  }

  /** Every line against the one order's rules, at the member's price. */
  private async check(memberId: number, text: string): Promise<{ views: MassOrderLineView<bigint>[]; good: Good[] }> {
    const lines = massOrderLines(text).map((l) => ({ ...l, fields: massOrderFields(l.text) }));
    const wanted = lines.map((l) => Number(l.fields?.serviceId)).filter((id) => Number.isSafeInteger(id) && id > 0);
    const [services, pricing] = await Promise.all([
      this.catalog.servicesByIds(wanted.filter((id) => id <= 2_147_483_647)),
      this.pricing.pricingOf(memberId),
    ]);
    const platforms = new Map<number, string | null>();
    for (const s of services.values())
      if (!platforms.has(s.categoryId))
        platforms.set(s.categoryId, await this.catalog.platformOfCategory(s.categoryId));
    const views: MassOrderLineView<bigint>[] = [];
    const good: Good[] = [];
    for (const { line, text: lineText, fields } of lines) {
      const view: MassOrderLineView<bigint> = {
        line,
        text: lineText,
        serviceId: null,
        service: null,
        link: fields?.link ?? '',
        amount: null,
        point: null,
        error: null,
        errors: [],
        orderId: null,
      };
      views.push(view);
      // `error` stays the first rule the line broke, as it always read; `errors` says every one of them.
      const fail = (first: string, all: string[] = [first]) => {
        view.error = first;
        view.errors = [...new Set(all)];
      };
      if (!fields) {
        fail(MASS_ORDER_MESSAGES.lineFormat);
        continue;
      }
      const id = Number(fields.serviceId);
      const service = /^\d{1,10}$/.test(fields.serviceId) ? services.get(id) : undefined;
      const visible = service?.visible ? service : null;
      if (visible) {
        view.serviceId = visible.id;
        view.service = visible.text;
      }
      const parsed = orderRequestSchema.safeParse({
        serviceId: fields.serviceId,
        link: fields.link,
        ...(visible?.type === 'Custom Comments'
          ? { amount: 0, comments: fields.rest.join('\n') }
          : visible?.type === 'Package'
            ? { amount: 1 }
            : { amount: fields.rest.length === 1 ? fields.rest[0] : fields.rest.length === 0 ? undefined : '' }),
      });
      const unknown = !visible && /^\d{1,10}$/.test(fields.serviceId) && id > 0;
      if (!parsed.success) {
        const messages = parsed.error.issues.map((issue) => issue.message);
        fail(
          firstIssueMessage(parsed.error),
          unknown ? [massOrderUnknownService(fields.serviceId), ...messages] : messages,
        );
        continue;
      }
      const problem = orderProblem(parsed.data, visible, {
        platform: visible ? platforms.get(visible.categoryId) : null,
      });
      if (problem) {
        fail(problem.message, [unknown ? massOrderUnknownService(fields.serviceId) : problem.message]);
        continue;
      }
      const service_ = visible!;
      const amount = orderQuantity(parsed.data, service_);
      const input: OrderRequest = {
        ...parsed.data,
        amount,
        comments: service_.type === 'Custom Comments' ? commentLines(parsed.data.comments).join('\n') : undefined,
      };
      view.amount = amount;
      view.point = orderCost(memberUnitPrice(service_.point, service_.id, pricing), amount, 0);
      good.push({ view, service: service_, input });
    }
    return { views, good };
  }

  private async prior(memberId: number, key: string, print: string): Promise<MassOrderAnswer<bigint> | null> {
    const row = await this.em.fork().findOne(IdempotencyKey, { memberId, key });
    if (!row) return null;
    if (row.fingerprint !== print) throw new DomainError('ORDER_IDEMPOTENCY_MISMATCH');
    const stored = row.response as MassOrderAnswer<string>;
    const won = (v: string | null) => (v === null ? null : BigInt(v));
    return {
      ...stored,
      // An answer stored before `errors` existed.
      lines: stored.lines.map((l) => ({ ...l, errors: l.errors ?? (l.error ? [l.error] : []), point: won(l.point) })),
      total: BigInt(stored.total),
      balance: BigInt(stored.balance),
      shortfall: BigInt(stored.shortfall),
      replayed: true,
    };
  }

  private async claimKey(
    tx: EntityManager,
    memberId: number,
    key: string,
    print: string,
    answer: MassOrderAnswer<bigint>,
    now: Date,
  ): Promise<void> {
    const rows = await tx.execute<unknown[]>(
      `insert into order_idempotency_key (member_id, key, fingerprint, response, created_at) values (?, ?, ?, ?, ?)
       on conflict (member_id, key) do nothing returning member_id`,
      [
        memberId,
        key,
        print,
        JSON.stringify(answer, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
        now,
      ],
    );
    if (rows.length === 0) throw new KeyTaken();
  }
}

/** The balance did not cover the total: nothing was written; the answer says by how much. */
class Short extends Error {
  constructor(readonly answer: MassOrderAnswer<bigint>) {
    super('short');
  }
}

/** The orders with the ids taken for them, in one statement. */
async function insertOrdersWithIds(tx: EntityManager, orders: Order[]): Promise<void> {
  const columns = ['id', ...ORDER_COLUMNS];
  const rows = orders.map((order) => {
    const values = [order.id, ...orderRowValues(order)];
    return Object.fromEntries(
      columns.map((column, i) => [column, values[i] instanceof Date ? (values[i] as Date).toISOString() : values[i]]),
    );
  });
  const list = columns.join(', ');
  await tx.execute(
    `insert into service_order (${list}) select ${list} from jsonb_populate_recordset(null::service_order, ?::jsonb)`,
    [JSON.stringify(rows)],
  );
}
