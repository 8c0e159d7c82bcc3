import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { OPEN_REFILL_STATUSES, REFILL_MESSAGES, type RefillStatus } from '../../../lib/contracts';
import type { Order } from '../api/get-order-history';
import { useRequestRefill } from '../api/request-refill';

/** The storefront's words for a refill's state, next to the order. */
const REFILL_LABEL: Record<RefillStatus, string> = {
  PENDING: '리필 요청됨',
  PROCESSING: '리필 진행중',
  COMPLETED: '리필 완료',
  REJECTED: '리필 거절',
};

/** The order history row's refill: the latest request's state, and the button while a refill may be asked. */
export function RefillCell({ order }: { order: Order }) {
  const request = useRequestRefill(order.id, {
    onSuccess: () => toast.success(REFILL_MESSAGES.requested),
    onError: (error) => toast.error(errorMessage(error, REFILL_MESSAGES.notAvailable)),
  });
  const open = !!order.refill && OPEN_REFILL_STATUSES.includes(order.refill.status);
  return (
    <span className="refill-cell">
      {order.refill ? (
        <span className="refill-state" title={order.refill.reason ?? undefined}>
          {REFILL_LABEL[order.refill.status] ?? order.refill.status}
          {order.refill.reason ? ` (${order.refill.reason})` : ''}
        </span>
      ) : null}
      {order.refillable && !open ? (
        <Button variant="secondary" className="btn-small" disabled={request.isPending} onClick={() => request.mutate()}>
          리필 요청
        </Button>
      ) : null}
    </span>
  );
}
