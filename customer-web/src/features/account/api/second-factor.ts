import type { SecondFactorConfirmed, SecondFactorEnrolment, SecondFactorStatus } from '../../../lib/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { accountKeys } from './keys';

/** GET /auth/totp: whether 2FA is on and how many recovery codes are left. */
export const secondFactorStatus = () => api.get<SecondFactorStatus>('/auth/totp');
export const secondFactorQueryOptions = queryOptions({
  queryKey: accountKeys.secondFactor,
  queryFn: secondFactorStatus,
});
export const useSecondFactorStatus = () =>
  useQuery({ ...secondFactorQueryOptions, enabled: useSession() === 'authorization' }).data;
export const refreshSecondFactor = () => queryClient.invalidateQueries({ queryKey: accountKeys.secondFactor });

/** POST /auth/totp/enrol: a new secret and its QR, shown once. */
export const enrolSecondFactor = () => api.post<SecondFactorEnrolment>('/auth/totp/enrol');

/** POST /auth/totp/confirm {code}: on, with 10 recovery codes; every session ends. */
export const confirmSecondFactor = (code: string) => api.post<SecondFactorConfirmed>('/auth/totp/confirm', { code });

/** POST /auth/totp/disable {code}: off; every session ends. */
export const disableSecondFactor = (code: string) => api.post<{ message: string }>('/auth/totp/disable', { code });

/** POST /auth/totp/recovery-codes {code}: 10 new recovery codes (the old ones stop working), shown once. */
export const renewRecoveryCodes = (code: string) =>
  api.post<SecondFactorConfirmed>('/auth/totp/recovery-codes', { code });
