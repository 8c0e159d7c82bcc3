import { useMutation } from '@tanstack/react-query';
import type { ChargeInstructions, ChargeRequest } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { pointHistoryQueryOptions } from './get-point-history';

/**
 * POST /service/point {name, point, feeType, feeValue} -> 201 with what the deposit panel shows (the shop's
 * account, the amount to transfer, the 3-hour deadline); 503 while the shop's account is not set.
 */
export const createCharge = (input: ChargeRequest) => api.post<ChargeInstructions>('/service/point', input);

export const useCreateCharge = () =>
  useMutation({
    mutationFn: createCharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointHistoryQueryOptions.queryKey }),
  });
