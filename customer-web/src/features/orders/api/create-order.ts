import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { OrderRequest } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { orderKeys } from './keys';

/** POST /service/order -> the success card's data; point is what was debited (all runs of an auto-order). */
export interface OrderReceipt {
  orderId: number;
  amount: number;
  link: string;
  serviceId: number;
  point: number;
  autoOrderId: number | null;
  /** Won a coupon took off `point` (only when one was used). */
  couponDiscount?: number;
  /** Custom Comments: what was sent (kept by the form for the success card). */
  comments?: string;
}

/** 128 random bits in hex (crypto.randomUUID exists only on https pages). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** With an Idempotency-Key, a repeat of the same order (a retry after a lost answer) is answered, never placed twice. */
export const createOrder = (input: OrderRequest, idempotencyKey: string) =>
  api.post<OrderReceipt>('/service/order', input, { 'Idempotency-Key': idempotencyKey });

/**
 * Places orders; the same request sent again before one succeeded (a retry) keeps its key, so the server
 * answers the first result instead of ordering twice. A success or a different request takes a new key.
 */
export function useCreateOrder() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: OrderRequest) => {
      const body = JSON.stringify(input);
      if (attempt.current?.body !== body) attempt.current = { body, key: newKey() };
      return createOrder(input, attempt.current.key);
    },
    onSuccess: () => {
      attempt.current = null;
      void refreshProfile();
      void queryClient.invalidateQueries({ queryKey: orderKeys.history('order-history') });
      void queryClient.invalidateQueries({ queryKey: orderKeys.history('auto-order-history') });
    },
  });
}
