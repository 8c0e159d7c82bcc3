import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { orderKeys } from './keys';

export interface CancelAnswer {
  status: string;
  cancelRequested: boolean;
}

/** POST /service/order/:id/cancel: cancelled at once (points back), or asked of the provider (cancelRequested). */
export const cancelOrder = (orderId: number) => api.post<CancelAnswer>(`/service/order/${orderId}/cancel`);

export const useCancelOrder = (
  orderId: number,
  { onSuccess, onError }: { onSuccess: (answer: CancelAnswer) => void; onError: (error: Error) => void },
) =>
  useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (answer) => {
      onSuccess(answer);
      void refreshProfile();
      void queryClient.invalidateQueries({ queryKey: orderKeys.history('order-history') });
    },
    onError,
  });
