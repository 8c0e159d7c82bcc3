import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';

/** POST /auth/referral-code; the profile is then refetched. */
export async function issueReferralCode(): Promise<void> {
  await api.post('/auth/referral-code');
  await refreshProfile();
}
