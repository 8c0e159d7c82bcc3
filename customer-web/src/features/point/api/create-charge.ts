import { useMutation } from '@tanstack/react-query';
import type { ChargeInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { pointHistoryQueryOptions } from './get-point-history';

/** POST /service/point {name, point, feeType, feeValue}; the answer is not read. */
export const createCharge = (input: ChargeInput) => api.post('/service/point', input);

export const useCreateCharge = () =>
  useMutation({ mutationFn: createCharge, onSuccess: () => queryClient.invalidateQueries({ queryKey: pointHistoryQueryOptions.queryKey }) });
