import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServiceType } from '../../../lib/order-rules';

/** GET /service/services (spec §3 Service): point is the unit price in won. */
export interface Service {
  id: number;
  text: string;
  point: number;
  min: number;
  max: number;
  notice: string;
  categoryId: number;
  isReadOnly: boolean;
  enableAuto: boolean;
  /** SMM API v2 type: what step 5 asks (a quantity, the comments, nothing for a package). */
  type?: ServiceType;
  refill?: boolean;
  refillDays?: number;
  cancel?: boolean;
}

export const servicesQueryOptions = queryOptions({ queryKey: ['services'], queryFn: () => api.get<Service[]>('/service/services') });
export const useServices = () => useQuery(servicesQueryOptions);
