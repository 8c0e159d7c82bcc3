import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import type { ServiceView } from '../../../lib/contracts';
import { memberUnitPrice, type MemberPricing } from '../../../lib/member-price';
import { useSession } from '../../../lib/session';
import { orderKeys } from './keys';

/** The v2 parts the order form reads as Default, no refill, no cancel and no average time when absent. */
type Extras = 'type' | 'refill' | 'refillDays' | 'cancel' | 'averageTime';

/** GET /service/services (contracts' ServiceView): point is the unit price in won. */
export type Service = Omit<ServiceView, Extras> & Partial<Pick<ServiceView, Extras>>;

export const servicesQueryOptions = queryOptions({
  queryKey: orderKeys.services,
  queryFn: () => api.get<Service[]>('/service/services'),
});

/** GET /service/prices: the member's level discount and custom rates (회원 등급, 회원 단가). */
export const memberPricesQueryOptions = queryOptions({
  queryKey: orderKeys.memberPrices,
  queryFn: () => api.get<MemberPricing & { levelName: string | null }>('/service/prices'),
});

/** The services at the member's own prices (the list price for visitors), by the server's one rule. */
export function useServices() {
  const member = useSession() === 'authorization';
  const services = useQuery(servicesQueryOptions);
  const prices = useQuery({ ...memberPricesQueryOptions, enabled: member });
  const pricing = member ? prices.data : undefined;
  const data = useMemo(
    () =>
      services.data && pricing
        ? services.data.map((s) => ({ ...s, point: Number(memberUnitPrice(s.point, s.id, pricing)) }))
        : services.data,
    [services.data, pricing],
  );
  return { ...services, data };
}
