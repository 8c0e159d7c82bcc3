import { won } from '../../../lib/format';
import { useReferralSummary } from '../api/get-referral-summary';

/** Under the referral code: members who joined with it and the points their charges earned. */
export function ReferralStats() {
  const summary = useReferralSummary(true);
  if (!summary) return null;
  return (
    <dl className="facts" data-testid="referral-stats">
      <dt>가입한 회원</dt>
      <dd>{summary.joined.toLocaleString('ko-KR')}명</dd>
      <dt>적립된 포인트</dt>
      <dd>{won(summary.earned)}</dd>
      <dt>적립률</dt>
      <dd>추천 회원 충전 금액의 {summary.rate}%</dd>
    </dl>
  );
}
