import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeeType, TossCheckout, TossConfirmResult, TossMethod } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { pointHistoryQueryOptions } from './get-point-history';
import { pointKeys } from './keys';

/** GET /service/point/toss/enabled: ENABLE_TOSS_PAYMENT on and the shop's Toss keys set. */
export const tossEnabledQueryOptions = queryOptions({
  queryKey: pointKeys.tossEnabled,
  queryFn: () => api.get<{ enabled: boolean }>('/service/point/toss/enabled'),
  staleTime: 60 * 60 * 1000,
});

export const useTossEnabled = () => useQuery(tossEnabledQueryOptions).data?.enabled === true;

export interface TossCheckoutInput {
  point: number;
  method: TossMethod;
  feeType: FeeType;
  feeValue: Record<string, string> | null;
}

/** POST /service/point/toss: a charge to pay online; answers what `requestPayment` needs (the server's amount). */
export const startTossCheckout = (input: TossCheckoutInput) => api.post<TossCheckout>('/service/point/toss', input);

/** POST /service/point/toss/confirm with the success redirect's paymentKey, orderId, amount. */
export const confirmTossPayment = (input: { paymentKey: string; orderId: string; amount: number }) =>
  api.post<TossConfirmResult>('/service/point/toss/confirm', input);

/** After a confirm answered: the balance and the point history have changed. */
export const refreshAfterTossConfirm = () => {
  void refreshProfile();
  void queryClient.invalidateQueries({ queryKey: pointHistoryQueryOptions.queryKey });
};

/** POST /service/point/toss/fail with the fail redirect's code, message, orderId. */
export const reportTossFailure = (input: { orderId: string; code?: string; message?: string }) =>
  api.post<TossConfirmResult>('/service/point/toss/fail', input);
