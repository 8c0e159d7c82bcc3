import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { orderKeys } from './keys';

/** POST /service/order/:id/refill: asks for a refill; the order history shows the request's state. */
export const requestRefill = (orderId: number) => api.post(`/service/order/${orderId}/refill`);

export const useRequestRefill = (
  orderId: number,
  { onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void },
) =>
  useMutation({
    mutationFn: () => requestRefill(orderId),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: orderKeys.history('order-history') });
    },
    onError,
  });
