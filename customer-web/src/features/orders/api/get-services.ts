import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServiceView } from '../../../lib/contracts';

/** The v2 parts the order form reads as Default, no refill and no cancel when absent. */
type Extras = 'type' | 'refill' | 'refillDays' | 'cancel';

/** GET /service/services (contracts' ServiceView): point is the unit price in won. */
export type Service = Omit<ServiceView, Extras> & Partial<Pick<ServiceView, Extras>>;

export const servicesQueryOptions = queryOptions({
  queryKey: ['services'],
  queryFn: () => api.get<Service[]>('/service/services'),
});
export const useServices = () => useQuery(servicesQueryOptions);
