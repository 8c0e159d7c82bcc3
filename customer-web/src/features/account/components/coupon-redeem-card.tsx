import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { COUPON_MESSAGES } from '../../../lib/contracts';
import { refusalMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { redeemCoupon } from '../api/redeem-coupon';

/** 쿠폰 등록: a points coupon's code credits its points at once (discount codes go on the order form). */
export function CouponRedeemCard() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(COUPON_MESSAGES.codeRequired);
    setBusy(true);
    setError(undefined);
    try {
      const redeemed = await redeemCoupon(code.trim());
      toast.success(`${redeemed.couponName}: ${formatNumber(redeemed.points)}P가 적립되었습니다.`);
      setCode('');
    } catch (e) {
      setError(refusalMessage(e, COUPON_MESSAGES.invalid));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="쿠폰 등록">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="쿠폰 등록">
        <Input
          label="쿠폰 코드"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          value={code}
          error={error}
          hint="포인트 적립 쿠폰을 등록하면 바로 적립됩니다. 할인 쿠폰은 주문할 때 입력해 주세요."
          onChange={(e) => setCode(e.target.value)}
          addon={
            <Button type="submit" variant="secondary" disabled={busy}>
              등록
            </Button>
          }
        />
      </form>
    </Card>
  );
}
