import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AutoOrderStatus = 'ACTIVE' | 'COMPLETED' | 'CANCLED' | 'PARTIAL';

/**
 * GET /service/auto-order-history (shape not in the spec, agreed here): point is the final amount used,
 * amount the quantity per run, completed the runs done out of runs, interval in minutes.
 */
export interface AutoOrder {
  id: number;
  createdAt: string;
  link: string;
  point: number;
  amount: number;
  serviceId: number;
  completed: number;
  runs: number;
  interval: number;
  status: AutoOrderStatus;
}

export const autoOrderHistoryQueryOptions = queryOptions({ queryKey: ['auto-order-history'], queryFn: () => api.get<AutoOrder[]>('/service/auto-order-history') });
export const useAutoOrderHistory = () => useQuery(autoOrderHistoryQueryOptions);
