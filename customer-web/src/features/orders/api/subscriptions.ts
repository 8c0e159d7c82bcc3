import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import type { SubscriptionRequest } from '../../../lib/subscription-rules';

/** A row of GET /service/subscriptions (ordering's subscription view). */
export interface MemberSubscription {
  id: number;
  serviceId: number;
  username: string;
  min: number;
  max: number;
  posts: number;
  postsUsed: number;
  delay: number;
  expiry: string | null;
  point: number;
  used: number;
  refunded: number;
  status: 'ACTIVE' | 'PAUSED' | 'COMPLETED' | 'CANCELED' | 'EXPIRED';
  statusLabel: string;
  orders: number[];
  createdAt: string;
}

export interface PlacedSubscription {
  subscriptionId: number;
  serviceId: number;
  username: string;
  point: number;
}

const KEY = ['subscriptions'] as const;

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: KEY, queryFn: () => api.get<MemberSubscription[]>('/service/subscriptions') });

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());

const settled = () => {
  void refreshProfile();
  void queryClient.invalidateQueries({ queryKey: KEY });
  void queryClient.invalidateQueries({ queryKey: ['order-history'] });
};

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (input: SubscriptionRequest) => api.post<PlacedSubscription>('/service/subscriptions', input),
    onSuccess: settled,
  });
}

export function useCancelSubscription() {
  return useMutation({
    mutationFn: (id: number) => api.post<MemberSubscription>(`/service/subscriptions/${id}/cancel`),
    onSuccess: settled,
  });
}
