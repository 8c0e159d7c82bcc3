import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberReceiptView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { pointKeys } from './keys';

/** GET /service/receipts: the member's 현금영수증 and 세금계산서, newest first. */
export const receiptsQueryOptions = queryOptions({
  queryKey: pointKeys.receipts,
  queryFn: () => api.get<MemberReceiptView[]>('/service/receipts'),
});
export const useReceipts = () => useQuery(receiptsQueryOptions);

/** PUT /service/receipts/:id: the corrected phone or invoice details, before the document is issued. */
export function useFixReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, feeValue }: { id: number; feeValue: object }) =>
      api.put<MemberReceiptView>(`/service/receipts/${id}`, { feeValue }),
    onSuccess: () => client.invalidateQueries({ queryKey: receiptsQueryOptions.queryKey }),
  });
}
