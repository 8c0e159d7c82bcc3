import { Card, PageTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { useProfile } from '../../../lib/auth';
import { useSettings } from '../../../lib/settings';
import { ApiKeyBlock } from '../components/api-key-block';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountBlock } from '../components/delete-account-block';
import { LevelBlock } from '../components/level-block';
import { ReferralBlock } from '../components/referral-block';
import { NoticePrefsBlock } from '../components/notice-prefs-block';
import { WebhookBlock } from '../components/webhook-block';
import { SecondFactorBlock } from '../components/second-factor-block';
import { SessionsBlock } from '../components/sessions-block';
import { CouponRedeemCard } from '../components/coupon-redeem-card';

/**
 * /account: id, level (회원 등급), referral code, password change, API key and webhook, second factor,
 * logged-in devices, notice channels, deletion.
 */
export default function AccountRoute() {
  const profile = useProfile();
  const settings = useSettings();
  return (
    <div className="page narrow">
      <PageTitle>계정 설정</PageTitle>
      <Card title="내 정보">
        <Input label="아이디" value={profile?.id ?? ''} readOnly />
      </Card>
      <LevelBlock level={profile?.level} />
      {settings.flag('ENABLE_REFERRAL') ? <ReferralBlock code={profile?.referralCode} /> : null}
      <CouponRedeemCard />
      <ChangePasswordForm />
      <ApiKeyBlock apiKey={profile?.apiKey ?? null} />
      <WebhookBlock />
      <SecondFactorBlock />
      <SessionsBlock />
      <NoticePrefsBlock />
      <DeleteAccountBlock />
    </div>
  );
}
