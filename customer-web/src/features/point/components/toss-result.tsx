import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { TOSS_BANKS, type TossConfirmResult } from '../../../lib/contracts';
import { formatDateTime, won } from '../../../lib/format';
import { paths } from '../../../config/paths';

/** Where a Toss payment stands after the window: paid, waiting for a virtual-account deposit, being checked, or failed. */
export function TossResult({ result, error }: { result: TossConfirmResult | null; error: string | null }) {
  const title =
    error || result?.status === 'FAIL'
      ? '결제 실패'
      : result?.status === 'WAITING_FOR_DEPOSIT'
        ? '가상계좌 입금 안내'
        : result?.status === 'SUCCESS'
          ? '결제 완료'
          : '결제 확인 중';
  const va = result?.virtualAccount;
  return (
    <Card title={title} className="deposit-panel" data-testid="toss-result">
      <p className="lead" role="status">
        {error ?? result?.message ?? '결제를 확인하고 있습니다.'}
      </p>
      {result && !error ? (
        <dl className="facts">
          {va && result.status === 'WAITING_FOR_DEPOSIT' ? (
            <>
              <dt>은행</dt>
              <dd>{TOSS_BANKS[va.bankCode] ?? va.bankCode}</dd>
              <dt>계좌번호</dt>
              <dd>
                <strong data-testid="toss-account">{va.accountNumber}</strong>
              </dd>
              {va.customerName ? (
                <>
                  <dt>예금주</dt>
                  <dd>{va.customerName}</dd>
                </>
              ) : null}
              <dt>입금 기한</dt>
              <dd>{formatDateTime(va.dueDate)}</dd>
              <dt>입금하실 금액</dt>
              <dd>
                <strong className="accent">{won(result.amount)}</strong>
              </dd>
            </>
          ) : (
            <>
              <dt>결제 금액</dt>
              <dd>{won(result.amount)}</dd>
            </>
          )}
          <dt>충전 포인트</dt>
          <dd data-testid="toss-point">{won(result.point)}</dd>
        </dl>
      ) : null}
      <div className="button-row">
        <Link className="btn btn-secondary" to={paths.point}>
          충전 페이지로 돌아가기
        </Link>
      </div>
    </Card>
  );
}
