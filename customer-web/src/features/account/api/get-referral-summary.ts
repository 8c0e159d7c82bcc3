import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralSummary } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** GET /service/referral: the member's code, how many joined with it, points earned from their charges. */
export const referralSummaryQueryOptions = queryOptions({
  queryKey: accountKeys.referralSummary,
  queryFn: () => api.get<ReferralSummary>('/service/referral'),
});

export const useReferralSummary = (enabled: boolean) => useQuery({ ...referralSummaryQueryOptions, enabled }).data;
