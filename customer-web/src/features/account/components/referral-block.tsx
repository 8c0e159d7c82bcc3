import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { issueReferralCode } from '../api/issue-referral-code';
import { unlessGuest } from './guest-guard';

/** Shown when ENABLE_REFERRAL is on; a code can be issued once. */
export function ReferralBlock({ code }: { code: string | null | undefined }) {
  const issue = () =>
    unlessGuest(async () => {
      try {
        await loading.during(issueReferralCode());
        toast.success(ACCOUNT_MESSAGES.referralIssued);
      } catch {
        toast.error(MESSAGES.error);
      }
    });
  return (
    <Card title="추천인 코드">
      {code ? (
        <p>
          내 추천인 코드: <code className="api-key">{code}</code>
        </p>
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
