import type { EntityManager } from '@mikro-orm/postgresql';
import { OrderStatus, type UpstreamOrder } from '../../ordering/index.js';
import { dueSelection, type SqlPart } from '../../../shared/index.js';
import { claimNote, DISPATCH_TRANSITIONS, DispatchStatus } from '../domain/order-dispatch.entity.js';

/** A claimed order: what goes upstream, and its dispatch record's failures so far. */
export interface Claimed extends UpstreamOrder {
  attempts: number;
}

const { DUE, CLAIMED } = DispatchStatus;

/** New orders of these providers, lowest id first. */
const fresh = (providerIds: number[], limit: number): SqlPart =>
  dueSelection({
    table: 'ordering_upstream_pending',
    alias: 'o',
    select: 'o.id, o.provider_id',
    due: 'o.provider_id in (?) and not exists (select 1 from order_dispatch r where r.order_id = o.id)',
    params: [providerIds],
    order: 'o.id',
    limit,
    lockOf: 'o',
  });

/** DUE records of these providers whose next attempt has come, earliest first (the order locked too). */
const retry = (providerIds: number[], limit: number, now: Date): SqlPart =>
  dueSelection({
    table: 'order_dispatch',
    alias: 'r',
    join: 'join ordering_upstream_pending o on o.id = r.order_id',
    select: 'o.id',
    due: `r.status = '${DUE}' and r.next_attempt_at <= ? and o.provider_id in (?)`,
    params: [now, providerIds],
    order: 'r.next_attempt_at, r.order_id',
    limit,
    lockOf: 'r, o',
  });

/**
 * The claim, one statement over the sender's own records and ordering's `ordering_upstream_pending` (a view
 * ordering owns: its PENDING orders with a provider service, locked through it): new orders of these
 * providers (lowest id first) get their record inserted (CLAIMED, with the write-ahead note), and DUE
 * records whose next attempt has come (earliest first) are claimed again, only while still due; at most
 * `limit` of each, FOR UPDATE SKIP LOCKED so replicas take disjoint sets. Only the orders it took come back.
 */
const claimSql = (fresh: string, retry: string) => `with fresh as (${fresh}), retry as (${retry}), taken_fresh as (
    insert into order_dispatch (order_id, provider_id, status, attempts, last_error, created_at, updated_at)
    select id, provider_id, '${CLAIMED}', 0, ?, ?, ? from fresh
    on conflict (order_id) do nothing returning order_id, attempts
  ), taken_due as (
    update order_dispatch d set status = '${CLAIMED}', next_attempt_at = null, last_error = ?, updated_at = ?
    where d.order_id in (select id from retry) and d.status = '${DUE}' and d.next_attempt_at <= ?
    returning order_id, attempts
  )
  select o.id, o.provider_id, o.provider_service_id, o.link, o.amount, o.service_type, o.comments, c.attempts
  from (select * from taken_fresh union all select * from taken_due) c
  join ordering_upstream_pending o on o.id = c.order_id order by o.id`;

interface ClaimedRow {
  id: number;
  provider_id: number;
  provider_service_id: string;
  link: string;
  amount: number;
  service_type: UpstreamOrder['type'];
  comments: string | null;
  attempts: number;
}

export async function claimDueOrders(
  em: EntityManager,
  providerIds: number[],
  limit: number,
  now: Date,
): Promise<Claimed[]> {
  if (providerIds.length === 0 || limit <= 0) return [];
  DISPATCH_TRANSITIONS.assert(DUE, CLAIMED);
  const note = claimNote(now);
  const newOrders = fresh(providerIds, limit);
  const retries = retry(providerIds, limit, now);
  const rows = await em.execute<ClaimedRow[]>(claimSql(newOrders.sql, retries.sql), [
    ...newOrders.params,
    ...retries.params,
    note,
    now,
    now,
    note,
    now,
    now,
  ]);
  return rows.map((row) => ({
    id: row.id,
    status: OrderStatus.PENDING,
    providerId: row.provider_id,
    service: row.provider_service_id,
    link: row.link,
    quantity: row.amount,
    type: row.service_type,
    comments: row.comments,
    attempts: row.attempts,
  }));
}
