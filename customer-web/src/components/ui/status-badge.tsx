import type { AutoOrderStatus, ChargeStatus, OrderStatus, SubscriptionStatus } from '../../lib/contracts';

/** The statuses a badge shows (server/src/contracts): a misspelt one fails type-check. */
export type BadgeStatus = OrderStatus | AutoOrderStatus | ChargeStatus | SubscriptionStatus;

/** A coloured status label; the tone follows the spec's upper-case status names. */
export function StatusBadge({ status, label }: { status: BadgeStatus; label: string }) {
  return <span className={`status status-${statusTone(status)}`}>{label}</span>;
}

function statusTone(status: BadgeStatus): string {
  if (status === 'COMPLETED' || status === 'SUCCESS') return 'ok';
  if (status === 'CANCELED' || status === 'CANCLED' || status === 'FAIL') return 'bad';
  if (status === 'PARTIAL') return 'warn';
  if (status === 'INPROGRESS' || status === 'ACTIVE') return 'info';
  return 'muted';
}
