import type { PaidRows } from '../../wallet/index.js';
import { executePrepared } from '../../../shared/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from '../domain/order.entity.js';

/**
 * service_order's columns, written by hand for the single-order fast path (one statement with the debit).
 * Every persisted column of {@link Order} is here: test/api/ordering/order-row.test.ts compares this list
 * and these values with MikroORM's metadata and its own conversion, so a new column or an ORM upgrade
 * that changes how a value is written fails there instead of inserting a different row.
 */
export const ORDER_COLUMNS = [
  'member_id',
  'service_id',
  'link',
  'amount',
  'point',
  'refunded',
  'status',
  'start_count',
  'remains',
  'auto_order_id',
  'runs',
  'interval_minutes',
  'run_number',
  'service_type',
  'comments',
  'cancel_requested_at',
  'cancel_forwarded_at',
  'cancel_refusal',
  'provider_id',
  'provider_service_id',
  'created_at',
  'updated_at',
  'coupon_discount',
  'completed_at',
] as const;

/** The values of a new order, in {@link ORDER_COLUMNS} order, as the driver takes them (won as decimal text). */
export function orderRowValues(order: Order): unknown[] {
  return [
    order.memberId,
    order.serviceId,
    order.link,
    order.amount,
    order.point.toString(),
    order.refunded.toString(),
    order.status,
    order.startCount,
    order.remains,
    order.autoOrderId,
    order.runs,
    order.interval,
    order.runNumber,
    order.serviceType,
    order.comments,
    order.cancelRequestedAt,
    order.cancelForwardedAt,
    order.cancelRefusal,
    order.providerId,
    order.providerServiceId,
    order.createdAt,
    order.updatedAt,
    order.couponDiscount.toString(),
    order.completedAt,
  ];
}

/** A new order's values by column, as JSON carries them to jsonb_populate_record(set) (dates as ISO text). */
export function orderRowFields(order: Order): Record<string, unknown> {
  const values = orderRowValues(order);
  return Object.fromEntries(
    ORDER_COLUMNS.map((column, i) => [
      column,
      values[i] instanceof Date ? (values[i] as Date).toISOString() : values[i],
    ]),
  );
}

/**
 * New orders paid as they go in, one statement: each request gets its order id from service_order's own
 * sequence, the wallet's `wallet_take_points` takes its points (the ledger entry references the new id), and
 * only the orders whose take was made are inserted (no debit, no order).
 */
const PAID_ORDERS_SQL = `with requested as (
    select nextval('service_order_id_seq')::int as id, r.member_id, r.amount, r.kind, r.fields
    from jsonb_to_recordset(?::jsonb) as r(member_id int, amount bigint, kind text, fields jsonb)
  ), taken as (
    select t.member_id, t.reference_id, t.balance_after from wallet_take_points(?::timestamptz, (
      select jsonb_agg(jsonb_build_object('member_id', q.member_id, 'amount', q.amount, 'kind', q.kind,
        'reference_type', ?::text, 'reference_id', q.id::text, 'memo', ?::text || q.id) order by q.id)
      from requested q)) t
  ), paid as (
    insert into service_order (id, ${ORDER_COLUMNS.join(', ')})
    select q.id, ${ORDER_COLUMNS.map((c) => `o.${c}`).join(', ')}
    from taken t join requested q on q.id::text = t.reference_id, jsonb_populate_record(null::service_order, q.fields) o
    returning id
  )
  select member_id, reference_id::int as id, balance_after from taken`;

/**
 * New single orders as ordering hands them to the wallet's debitForNewRow, each ledger entry of
 * `referenceType` with the memo `memoPrefix` + the order's id; rows are {@link orderRowFields}.
 */
export function paidOrders(referenceType: string, memoPrefix: string): PaidRows {
  return {
    async insertPaid(em, requests, now) {
      const rows = await executePrepared<{ member_id: number; id: number; balance_after: string }>(
        em,
        PAID_ORDERS_SQL,
        [
          JSON.stringify(
            requests.map((r) => ({ member_id: r.memberId, amount: r.amount.toString(), kind: r.kind, fields: r.row })),
          ),
          now,
          referenceType,
          memoPrefix,
        ],
      );
      return rows.map((r) => ({ memberId: r.member_id, id: r.id, balanceAfter: BigInt(r.balance_after) }));
    },
  };
}

/**
 * Inserts new orders in one statement, in the caller's transaction (an auto-order tick starts hundreds of
 * runs at once): the rows travel as one JSON parameter read with service_order's own row type.
 */
export async function insertOrders(tx: EntityManager, orders: Order[]): Promise<void> {
  if (orders.length === 0) return;
  const rows = orders.map(orderRowFields);
  const columns = ORDER_COLUMNS.join(', ');
  await tx.execute(
    `insert into service_order (${columns}) select ${columns} from jsonb_populate_recordset(null::service_order, ?::jsonb)`,
    [JSON.stringify(rows)],
  );
}
