import { useMutation } from '@tanstack/react-query';
import type { OrderInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

/** POST /service/order -> the success card's data. */
export interface OrderReceipt {
  orderId: number;
  amount: number;
  link: string;
  serviceId: number;
}

export const createOrder = (input: OrderInput) => api.post<OrderReceipt>('/service/order', input);

export const useCreateOrder = () =>
  useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void refreshProfile();
      void queryClient.invalidateQueries({ queryKey: ['order-history'] });
      void queryClient.invalidateQueries({ queryKey: ['auto-order-history'] });
    },
  });
