import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ChargeStatus = 'PENDING' | 'SUCCESS' | 'FAIL';

/** GET /service/point-history: the member's charge requests of the last 3 months, newest first. */
export interface Charge {
  id: number;
  createdAt: string;
  point: number;
  status: ChargeStatus;
  responseAt: string | null;
}

export const pointHistoryQueryOptions = queryOptions({ queryKey: ['point-history'], queryFn: () => api.get<Charge[]>('/service/point-history') });
export const usePointHistory = () => useQuery(pointHistoryQueryOptions);
