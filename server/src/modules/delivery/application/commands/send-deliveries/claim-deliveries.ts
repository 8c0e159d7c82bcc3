import type { EntityManager } from '@mikro-orm/postgresql';
import { dueSelection, Lease, leaseStamp, takeDue, type LeaseColumn } from '../../../../../shared/index.js';
import { Delivery } from '../../../domain/delivery.entity.js';

/** pg_advisory_xact_lock's first key for "a delivery claim" (claims take turns). */
const DELIVERY_CLAIM_LOCK = 0x444c5652;

/** How many messages one claim takes. */
export const BATCH = 500;
/**
 * How many of one member's webhooks are in flight at once, whichever senders have them: a receiver that
 * never answers holds this many of the senders' slots for its timeout, never the others'.
 */
export const WEBHOOKS_IN_FLIGHT = 8;
/**
 * How long a claim holds its messages: past every channel's timeout (5 s webhooks, 10 s gateways), so a
 * slow receiver is never sent the same message by a second sender meanwhile; a sender that died
 * mid-send leaves its messages to be claimed again once the lease ends.
 */
export const DELIVERY_LEASE = Lease.seconds(60);

/** The lease is the message's next attempt: SENDING until it ends. */
const LEASE: LeaseColumn = { column: 'next_attempt_at', lease: DELIVERY_LEASE, holds: 'until' };
/** Taking a message: SENDING, the attempt counted (the claim's fence). */
const TAKEN = `status = 'SENDING', attempts = attempts + 1`;

/** A message `d` is the oldest unsent one of its sequence (a reseller sees an order's updates in order). */
export const FIRST_OF_SEQUENCE = `(d.sequence_key is null or not exists (
  select 1 from delivery e where e.sequence_key = d.sequence_key and e.status in ('PENDING', 'SENDING') and e.id < d.id))`;

/**
 * A message's lane: a member's webhooks, or one other channel (as the index delivery_lane has it). A claim
 * skips from lane to lane through that index and reads at most the few messages each lane may take now, so
 * it costs what it takes, not the backlog.
 */
const LANE = `(case when d.channel = 'WEBHOOK' then coalesce(d.member_id, 0) else 0 end)`;

/** Takes due messages: SENDING until the lease ends, the attempt counted (the claim's fence). */
export async function claimDue(em: EntityManager, now: Date, limit: number): Promise<Delivery[]> {
  // The fair set is chosen first (each lane's head, under the in-flight cap); the due selection locks what of it is still due.
  const taken = dueSelection(
    {
      table: 'delivery',
      alias: 'd',
      join: 'join fair on fair.id = d.id',
      select: 'd.id, fair.turn',
      due: `d.status in ('PENDING', 'SENDING')`,
      lease: LEASE,
      lockOf: 'd',
    },
    now,
  );
  const stamp = leaseStamp(LEASE, now);
  // Claims take turns (a transaction-scoped lock around one statement): a burst due at once goes to one
  // claimer, so an operator's digest is one message whichever replicas claim together.
  const claimed = await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?, 0)', [DELIVERY_CLAIM_LOCK]);
    return tx.execute<{ id: number; turn: string }[]>(
      `with recursive lanes as (
       (select d.channel, ${LANE} as lane from delivery d where d.status in ('PENDING', 'SENDING') order by 1, 2 limit 1)
       union all
       select step.channel, step.lane from lanes l cross join lateral (
         select d.channel, ${LANE} as lane from delivery d
          where d.status in ('PENDING', 'SENDING') and (d.channel, ${LANE}) > (l.channel, l.lane)
          order by 1, 2 limit 1) step),
     in_flight as (
       select member_id, count(*) as n from delivery
        where channel = 'WEBHOOK' and status = 'SENDING' and next_attempt_at > ? group by member_id),
     due as (
       select head.id, row_number() over (partition by l.channel, l.lane order by head.id) as turn
         from lanes l left join in_flight f on l.channel = 'WEBHOOK' and f.member_id = l.lane
         cross join lateral (
           select d.id from delivery d
            where d.status in ('PENDING', 'SENDING') and d.channel = l.channel and ${LANE} = l.lane
              and d.next_attempt_at <= ? and ${FIRST_OF_SEQUENCE}
            order by d.id
            limit case when l.channel = 'WEBHOOK' then greatest(? - coalesce(f.n, 0), 0) else ? end) head),
     fair as (select due.id, due.turn from due order by due.turn, due.id limit ?),
     taken as (${taken.sql})
     update delivery set ${TAKEN}, ${stamp.sql}
       from taken where delivery.id = taken.id returning delivery.id, taken.turn`,
      [now, now, WEBHOOKS_IN_FLIGHT, limit, limit, ...taken.params, ...stamp.params],
    );
  });
  if (claimed.length === 0) return [];
  // Sent in turn order: every lane's first message starts before any lane's second, so the senders'
  // slots go round the lanes too.
  const turn = new Map(claimed.map((r) => [r.id, Number(r.turn)]));
  const rows = await em.find(Delivery, { id: { $in: [...turn.keys()] } }, { orderBy: { id: 'ASC' } });
  return rows.sort((a, b) => turn.get(a.id)! - turn.get(b.id)! || a.id - b.id);
}

/** Claims message `id` when `where` holds (lease, attempt counted); answers whether it is now ours. */
export async function claimOne(
  em: EntityManager,
  now: Date,
  id: number,
  where: string,
  params: unknown[],
): Promise<boolean> {
  // The caller's condition says when it is free (sendNow takes a PENDING message before it is due).
  const claimed = await takeDue(
    em,
    {
      table: 'delivery',
      alias: 'd',
      due: `d.id = ? and ${where}`,
      params: [id, ...params],
      lease: { ...LEASE, free: 'any' },
      set: TAKEN,
    },
    now,
  );
  return claimed.length > 0;
}
