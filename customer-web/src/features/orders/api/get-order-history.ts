import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OrderStatus = 'PENDING' | 'PROCESSING' | 'INPROGRESS' | 'COMPLETED' | 'PARTIAL' | 'CANCELED';

/** GET /service/order-history: the member's orders of the last 3 months, newest first. */
export interface Order {
  id: number;
  createdAt: string;
  serviceId: number;
  link: string;
  point: number;
  amount: number;
  status: OrderStatus;
  startCount: number | null;
  remains: number | null;
  runs?: number;
  completed?: number;
  interval?: number;
}

export const orderHistoryQueryOptions = queryOptions({ queryKey: ['order-history'], queryFn: () => api.get<Order[]>('/service/order-history') });
export const useOrderHistory = () => useQuery(orderHistoryQueryOptions);
