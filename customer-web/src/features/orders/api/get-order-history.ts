import { useQuery } from '@tanstack/react-query';
import type { OrderHistoryRow, OrderStatus } from '../../../lib/contracts';
import { historyQueryOptions, type HistoryQuery } from './history-query';

export type { OrderStatus };

/** The row's parts a screen does without (no refill or cancel button, no comments) when absent. */
type Extras =
  'serviceType' | 'comments' | 'refillable' | 'refill' | 'cancelRequested' | 'cancelRefusal' | 'cancelable' | 'actions';

/** A row of GET /service/order-history (contracts' OrderHistoryRow): service is the product's name. */
export type Order = Omit<OrderHistoryRow, Extras> & Partial<Pick<OrderHistoryRow, Extras>>;

export const orderHistoryQueryOptions = (query: HistoryQuery) => historyQueryOptions<Order>('order-history', query);
export const useOrderHistory = (query: HistoryQuery) => useQuery(orderHistoryQueryOptions(query));
