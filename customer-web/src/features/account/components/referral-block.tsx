import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import { issueReferralCode } from '../api/issue-referral-code';
import { accountAction } from './guest-guard';
import { ReferralStats } from './referral-stats';

/** Shown when ENABLE_REFERRAL is on; a code can be issued once. */
export function ReferralBlock({ code }: { code: string | null | undefined }) {
  const issue = accountAction(issueReferralCode, STOREFRONT_MESSAGES.referralIssued);
  return (
    <Card title="추천인 코드">
      {code ? (
        <>
          <p>
            내 추천인 코드: <code className="api-key">{code}</code>
          </p>
          <ReferralStats />
        </>
      ) : (
        <div className="key-row">
          <p className="muted">추천인 코드를 발급받아 친구에게 알려주세요.</p>
          <Button variant="secondary" onClick={issue}>
            추천인 코드 발급
          </Button>
        </div>
      )}
    </Card>
  );
}
