import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { chargeDepositAmount } from '../../../lib/contracts';
import { won } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { bankingAppLink } from '../lib/banking-link';
import type { ChargeRequest } from './charge-form';

/** After a successful request: where and how much to transfer (spec §4). */
export function DepositPanel({ request, onAgain }: { request: ChargeRequest; onAgain: () => void }) {
  const settings = useSettings();
  const deposit = chargeDepositAmount(request.point, request.feeType);
  const account = settings.text('BANKING_ACCOUNT_NUMBER');
  return (
    <Card title="입금 안내" className="deposit-panel" data-testid="deposit-panel">
      <p className="lead">아래 계좌로 입금해 주시면 확인 후 포인트가 충전됩니다.</p>
      <dl className="facts">
        <dt>은행</dt>
        <dd>{settings.text('BANKING_NAME')}</dd>
        <dt>계좌번호</dt>
        <dd>
          <strong>{account}</strong>
        </dd>
        {settings.text('BANKING_DISPLAY_TEXT') ? (
          <>
            <dt>예금주</dt>
            <dd>{settings.text('BANKING_DISPLAY_TEXT')}</dd>
          </>
        ) : null}
        <dt>입금자명</dt>
        <dd>{request.name}</dd>
        <dt>입금하실 금액</dt>
        <dd>
          <strong className="accent">{won(deposit)}</strong>
          {request.feeType === 'FEE' ? <span className="muted"> (부가세 10% 포함)</span> : null}
        </dd>
        <dt>충전 포인트</dt>
        <dd>{won(request.point)}</dd>
      </dl>
      <ul className="notes">
        <li>입금자명과 입금 금액이 신청 내용과 같아야 충전됩니다.</li>
        <li>입금 확인 후 보통 1~10분 안에 포인트가 충전됩니다.</li>
        <li>신청 후 3시간 안에 입금되지 않으면 신청이 자동으로 취소됩니다.</li>
      </ul>
      <div className="button-row">
        {settings.flag('ENABLE_TOSS_PAYMENT') && account ? (
          <a className="btn btn-primary" href={bankingAppLink({ amount: deposit, account, bankCode: settings.text('BANKING_BANKING_CODE') })}>
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
