import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { TicketType } from '../../../lib/contracts';

/**
 * The row's 문의 button: /support prefilled with the order (a refill request when contracts' rule allows one).
 * An auto-order's id is not an order id, so it goes in the subject.
 */
export function AskCell({ orderId, autoOrderId, type }: { orderId?: number; autoOrderId?: number; type?: TicketType }) {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  if (orderId) params.set('orders', String(orderId));
  if (autoOrderId) params.set('subject', `자동주문 ${autoOrderId} 문의`);
  return (
    <Link className="btn btn-ghost btn-small" to={`${paths.support}?${params.toString()}`}>
      문의
    </Link>
  );
}
