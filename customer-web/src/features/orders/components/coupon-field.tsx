import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { COUPON_MESSAGES, type CouponQuote } from '../../../lib/contracts';
import { refusalMessage } from '../../../lib/api-client';
import { won } from '../../../lib/format';
import { quoteCoupon } from '../api/quote-coupon';

/** A code applied to one order: good while the service and quantity it was quoted for stay. */
export interface AppliedCoupon extends CouponQuote {
  code: string;
  serviceId: number;
  amount: number;
}

/** The order form's coupon: the code applied, and the one still good for what the form now holds. */
export function useOrderCoupon(serviceId: number, amount: number) {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const current = applied && applied.serviceId === serviceId && applied.amount === amount ? applied : null;
  return { applied, current, setApplied };
}

interface CouponFieldProps {
  coupon: ReturnType<typeof useOrderCoupon>;
  serviceId: number;
  amount: number;
  disabled?: boolean;
}

/**
 * 쿠폰 코드 on the order form: 적용 asks the server what the code takes off this order and shows the
 * price to pay; the order then carries the code. Changing the service or quantity asks to apply it again.
 */
export function CouponField({ coupon, serviceId, amount, disabled }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { applied, current, setApplied } = coupon;

  const apply = async () => {
    if (!code.trim()) return setError(COUPON_MESSAGES.codeRequired);
    setBusy(true);
    setError(undefined);
    try {
      const quote = await quoteCoupon(code.trim(), serviceId, amount);
      setApplied({ ...quote, code: code.trim(), serviceId, amount });
    } catch (e) {
      setApplied(null);
      setError(refusalMessage(e, COUPON_MESSAGES.invalid));
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    setApplied(null);
    setCode('');
  };

  return (
    <div className="coupon-field">
      <Input
        label="쿠폰 코드"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        value={code}
        disabled={disabled || !!current}
        error={error}
        hint={applied && !current ? '상품이나 수량이 바뀌었습니다. 쿠폰을 다시 적용해 주세요.' : undefined}
        onChange={(e) => setCode(e.target.value)}
        addon={
          current ? (
            <Button variant="secondary" onClick={remove}>
              취소
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => void apply()}
              disabled={disabled || busy || !serviceId || !amount}
            >
              적용
            </Button>
          )
        }
      />
      {current ? (
        <dl className="order-total coupon-total" aria-label="쿠폰 적용 금액">
          <dt>쿠폰 할인 ({current.couponName})</dt>
          <dd data-testid="coupon-discount">−{won(current.discount)}</dd>
          <dt>결제 금액</dt>
          <dd data-testid="coupon-total">{won(current.total)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
