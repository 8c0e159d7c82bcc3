import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import type { SubscriptionRequest } from '../../../lib/subscription-rules';
import type { SubscriptionView } from '../../../lib/contracts';
import { orderKeys } from './keys';

/** A row of GET /service/subscriptions (contracts' SubscriptionView); the storefront does not read updatedAt. */
export type MemberSubscription = Omit<SubscriptionView, 'updatedAt'>;

export interface PlacedSubscription {
  subscriptionId: number;
  serviceId: number;
  username: string;
  point: number;
}

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.subscriptions,
    queryFn: () => api.get<MemberSubscription[]>('/service/subscriptions'),
  });

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());

const settled = () => {
  void refreshProfile();
  void queryClient.invalidateQueries({ queryKey: orderKeys.subscriptions });
  void queryClient.invalidateQueries({ queryKey: orderKeys.history('order-history') });
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
