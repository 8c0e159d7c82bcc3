import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { CANCEL_MESSAGES } from '../../../lib/contracts';
import type { Order } from '../api/get-order-history';
import { useCancelOrder } from '../api/cancel-order';

/** The order history row's cancel: 취소 요청됨 while the provider has the request, its refusal, and the button. */
export function CancelCell({ order }: { order: Order }) {
  const cancel = useCancelOrder(order.id, {
    onSuccess: (answer) => toast.success(answer.cancelRequested ? CANCEL_MESSAGES.requested : '주문을 취소했습니다.'),
    onError: (error) => toast.error(errorMessage(error, CANCEL_MESSAGES.notSupported)),
  });
  return (
    <span className="refill-cell">
      {order.cancelRequested ? <span className="refill-state">{CANCEL_MESSAGES.requested}</span> : null}
      {!order.cancelRequested && order.cancelRefusal ? (
        <span className="refill-state">취소 거절 ({order.cancelRefusal})</span>
      ) : null}
      {order.cancelable ? (
        <Button variant="ghost" className="btn-small" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          취소
        </Button>
      ) : null}
    </span>
  );
}
