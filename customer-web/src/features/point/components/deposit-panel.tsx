import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { ChargeInstructions } from '../../../lib/contracts';
import { formatDateTime, won } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { bankingAppLink } from '../lib/banking-link';

/** BANKING_DISPLAY_TEXT is often written "예금주: 홍길동"; the row's label already says 예금주. */
export const holderName = (text: string) => text.replace(/^\s*예금주\s*[:：]?\s*/, '') || text;

/** After a successful request: where and how much to transfer, as the server answered it (docs/product.md §4). */
export function DepositPanel({ charge, onAgain }: { charge: ChargeInstructions; onAgain: () => void }) {
  const settings = useSettings();
  return (
    <Card title="입금 안내" className="deposit-panel" data-testid="deposit-panel">
      <p className="lead">아래 계좌로 입금해 주시면 확인 후 포인트가 충전됩니다.</p>
      <dl className="facts">
        <dt>은행</dt>
        <dd>{charge.bankName}</dd>
        <dt>계좌번호</dt>
        <dd>
          <strong>{charge.accountNumber}</strong>
        </dd>
        {charge.displayText ? (
          <>
            <dt>예금주</dt>
            <dd>{holderName(charge.displayText)}</dd>
          </>
        ) : null}
        <dt>입금자명</dt>
        <dd>{charge.name}</dd>
        <dt>충전 포인트</dt>
        <dd>{won(charge.point)}</dd>
        {charge.fee > 0 ? (
          <>
            <dt>부가세 (10%)</dt>
            <dd data-testid="deposit-fee">{won(charge.fee)}</dd>
          </>
        ) : null}
        <dt>입금하실 금액</dt>
        <dd>
          <strong className="accent" data-testid="deposit-total">
            {won(charge.depositAmount)}
          </strong>
          {charge.fee > 0 ? <span className="muted"> (부가세 10% 포함)</span> : null}
        </dd>
        <dt>입금 기한</dt>
        <dd>{formatDateTime(charge.deadline)}</dd>
      </dl>
      <ul className="notes">
        <li>입금자명과 입금 금액이 신청 내용과 같아야 충전됩니다.</li>
        <li>입금 확인 후 보통 1~10분 안에 포인트가 충전됩니다.</li>
        <li>신청 후 3시간 안에 입금되지 않으면 신청이 자동으로 취소됩니다.</li>
      </ul>
      <div className="button-row">
        {settings.flag('ENABLE_TOSS_PAYMENT') ? (
          <a
            className="btn btn-primary"
            href={bankingAppLink({
              amount: charge.depositAmount,
              account: charge.accountNumber,
              bankCode: charge.bankCode,
            })}
          >
            모바일 뱅킹으로 입금하기
          </a>
        ) : null}
        <Button variant="secondary" onClick={onAgain}>
          새로 충전 신청하기
        </Button>
      </div>
    </Card>
  );
}
