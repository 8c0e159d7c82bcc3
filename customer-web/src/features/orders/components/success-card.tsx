import { Button } from '../../../components/ui/button';
import { formatNumber, swapFlags, won } from '../../../lib/format';
import type { OrderReceipt } from '../api/create-order';

/** Shown above the form after an order went through. */
export function SuccessCard({
  receipt,
  serviceText,
  onClose,
}: {
  receipt: OrderReceipt;
  serviceText?: string;
  onClose: () => void;
}) {
  return (
    <section className="card success-card" role="status" data-testid="order-success">
      <div className="success-check" aria-hidden="true">
        ✓
      </div>
      <h2>주문이 접수되었습니다</h2>
      <dl className="facts">
        <dt>주문번호</dt>
        <dd>{receipt.orderId}</dd>
        {receipt.autoOrderId ? (
          <>
            <dt>자동주문 번호</dt>
            <dd>{receipt.autoOrderId}</dd>
          </>
        ) : null}
        <dt>상품</dt>
        <dd>{serviceText ? swapFlags(serviceText) : receipt.serviceId}</dd>
        <dt>링크</dt>
        <dd className="ellipsis">{receipt.link}</dd>
        <dt>수량</dt>
        <dd>{formatNumber(receipt.amount)}</dd>
        {receipt.comments ? (
          <>
            <dt>댓글</dt>
            <dd className="pre" data-testid="success-comments">
              {receipt.comments}
            </dd>
          </>
        ) : null}
        {receipt.couponDiscount ? (
          <>
            <dt>상품 금액</dt>
            <dd>{won(receipt.point)}</dd>
            <dt>쿠폰 할인</dt>
            <dd data-testid="success-coupon">−{won(receipt.couponDiscount)}</dd>
          </>
        ) : null}
        <dt>사용 포인트</dt>
        <dd data-testid="success-point">{won(receipt.point - (receipt.couponDiscount ?? 0))}</dd>
      </dl>
      <Button variant="secondary" onClick={onClose}>
        확인
      </Button>
    </section>
  );
}
