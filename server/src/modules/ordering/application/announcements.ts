import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_ORDER_STATUS } from '../../../contracts/index.js';
import type { DeliveryFacade } from '../../delivery/index.js';
import type { Refill } from '../domain/refill.entity.js';
import type { Subscription } from '../domain/subscription.entity.js';

/** `refill.updated` (and the customer's 리필 완료 notice once done), in the caller's transaction. */
export async function announceRefill(delivery: DeliveryFacade, tx: EntityManager, refill: Refill): Promise<void> {
  const data = { refill: refill.id, order: refill.orderId, status: refill.status, reason: refill.reason };
  await delivery.webhookEvent(
    tx,
    refill.memberId,
    'refill.updated',
    data,
    `refill:${refill.id}:${refill.status}`,
    `refill:${refill.id}`,
  );
  if (refill.status === 'COMPLETED')
    await delivery.notice(
      tx,
      refill.memberId,
      'refill.completed',
      { '#{리필번호}': String(refill.id), '#{주문번호}': String(refill.orderId) },
      `refill:${refill.id}`,
    );
}

/** `subscription.updated`, in the caller's transaction. */
export async function announceSubscription(
  delivery: DeliveryFacade,
  tx: EntityManager,
  subscription: Subscription,
): Promise<void> {
  await delivery.webhookEvent(
    tx,
    subscription.memberId,
    'subscription.updated',
    {
      subscription: subscription.id,
      status: subscription.status,
      expiry: subscription.expiry,
      posts: String(subscription.postsUsed),
    },
    `subscription:${subscription.id}:${subscription.status}:${subscription.postsUsed}`,
    `subscription:${subscription.id}`,
  );
}

/** `order.updated` for orders moved by one statement (the provider accepted them: Processing). */
export async function announceAccepted(
  delivery: DeliveryFacade,
  tx: EntityManager,
  rows: {
    id: number;
    member_id: number;
    point: string;
    refunded: string;
    start_count: number | null;
    remains: number | null;
    amount: number;
  }[],
): Promise<void> {
  const withWebhook = await delivery.membersWithWebhook(
    tx,
    rows.map((r) => r.member_id),
  );
  for (const row of rows) {
    if (!withWebhook.has(row.member_id)) continue;
    const data = {
      order: row.id,
      status: WEBHOOK_ORDER_STATUS.PROCESSING,
      charge: String(BigInt(row.point) - BigInt(row.refunded)),
      start_count: String(row.start_count ?? 0),
      remains: String(row.remains ?? row.amount),
      currency: 'KRW',
    };
    await delivery.webhookEvent(
      tx,
      row.member_id,
      'order.updated',
      data,
      `order:${row.id}:PROCESSING:${data.start_count}:${data.remains}`,
      `order:${row.id}`,
    );
  }
}
