import { useQuery } from '@tanstack/react-query';
import { historyQueryOptions, type HistoryQuery } from './history-query';

export type OrderStatus = 'PENDING' | 'PROCESSING' | 'INPROGRESS' | 'COMPLETED' | 'PARTIAL' | 'CANCELED';

/** A row of GET /service/order-history (ordering's OrderHistoryRow): service is the product's name. */
export interface Order {
  id: number;
  createdAt: string;
  serviceId: number;
  service: string;
  link: string;
  point: number;
  amount: number;
  status: OrderStatus;
  startCount: number | null;
  remains: number | null;
  runs: number;
  completed: number;
  interval: number;
  /** The service's type when ordered; a Custom Comments order's comments, one per line. */
  serviceType?: string;
  comments?: string | null;
  /** A refill may be asked now (refill service, finished, within its refill days). */
  refillable?: boolean;
  refill?: { id: number; status: string; reason: string | null; createdAt: string } | null;
  /** A cancel of the running order is with the provider (취소 요청됨); its last refusal. */
  cancelRequested?: boolean;
  cancelRefusal?: string | null;
  /** The cancel button applies (PENDING, or running on a service whose provider takes cancels). */
  cancelable?: boolean;
}

export const orderHistoryQueryOptions = (query: HistoryQuery) => historyQueryOptions<Order>('order-history', query);
export const useOrderHistory = (query: HistoryQuery) => useQuery(orderHistoryQueryOptions(query));
