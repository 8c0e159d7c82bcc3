import { useQuery } from '@tanstack/react-query';
import type { AutoOrderHistoryRow, AutoOrderStatus } from '../../../lib/contracts';
import { historyQueryOptions, type HistoryQuery } from './history-query';

export type { AutoOrderStatus };

/**
 * A row of GET /service/auto-order-history (contracts' AutoOrderHistoryRow): point is the final amount used
 * (refunds taken off), amount the quantity per run, completed the runs done, interval in minutes,
 * totalAmount = amount × runs.
 */
export type AutoOrder = AutoOrderHistoryRow;

export const autoOrderHistoryQueryOptions = (query: HistoryQuery) =>
  historyQueryOptions<AutoOrder>('auto-order-history', query);
export const useAutoOrderHistory = (query: HistoryQuery) => useQuery(autoOrderHistoryQueryOptions(query));
