import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargeBonusTier } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { pointKeys } from './keys';

/** GET /service/charge-bonuses: the shop's enabled 충전 보너스 tiers, smallest threshold first. */
export const chargeBonusesQueryOptions = queryOptions({
  queryKey: pointKeys.chargeBonuses,
  queryFn: () => api.get<ChargeBonusTier[]>('/service/charge-bonuses'),
  staleTime: 5 * 60 * 1000,
});

export const useChargeBonuses = (): ChargeBonusTier[] => useQuery(chargeBonusesQueryOptions).data ?? [];
