import { useQuery } from '@tanstack/react-query';
import { historyQueryOptions, type HistoryQuery } from './history-query';

export type AutoOrderStatus = 'ACTIVE' | 'COMPLETED' | 'CANCLED' | 'PARTIAL';

/**
 * A row of GET /service/auto-order-history (ordering's AutoOrderHistoryRow): point is the final amount used
 * (refunds taken off), amount the quantity per run, completed the runs done, interval in minutes,
 * totalAmount = amount × runs.
 */
export interface AutoOrder {
  id: number;
  createdAt: string;
  link: string;
  point: number;
  amount: number;
  serviceId: number;
  service: string;
  completed: number;
  runs: number;
  interval: number;
  totalAmount: number;
  status: AutoOrderStatus;
}

export const autoOrderHistoryQueryOptions = (query: HistoryQuery) => historyQueryOptions<AutoOrder>('auto-order-history', query);
export const useAutoOrderHistory = (query: HistoryQuery) => useQuery(autoOrderHistoryQueryOptions(query));
