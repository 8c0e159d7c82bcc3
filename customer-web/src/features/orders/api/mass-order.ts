import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import type { MassOrderAnswer } from '../../../lib/contracts';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { orderKeys } from './keys';

const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A refusal that carries the answer (bad lines, a short balance) is that answer; anything else is an error. */
async function massOrder(orders: string, preview: boolean, key?: string): Promise<MassOrderAnswer> {
  try {
    return await api.post<MassOrderAnswer>(
      `/service/orders/mass${preview ? '?preview' : ''}`,
      { orders },
      key ? { 'Idempotency-Key': key } : {},
    );
  } catch (error) {
    if (error instanceof ApiError && Array.isArray(error.body.lines)) return error.body as unknown as MassOrderAnswer;
    throw error;
  }
}

export const useMassPreview = () => useMutation({ mutationFn: (orders: string) => massOrder(orders, true) });

/** Placing keeps one Idempotency-Key per text until it is placed: a resubmit places nothing twice. */
export function useMassPlace() {
  const attempt = useRef<{ text: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (orders: string) => {
      if (attempt.current?.text !== orders) attempt.current = { text: orders, key: newKey() };
      return massOrder(orders, false, attempt.current.key);
    },
    onSuccess: (answer) => {
      if (!answer.placed) return;
      void refreshProfile();
      void queryClient.invalidateQueries({ queryKey: orderKeys.history('order-history') });
    },
  });
}
