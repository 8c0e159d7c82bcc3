import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { MaintenanceView } from './contracts';
import { sharedKeys } from './query-keys';

const MINUTE = 60_000;

/**
 * GET /service/maintenance: whether the shop is in maintenance now (the switch and its window by the server's
 * clock). Asked every minute, not kept an hour like the settings, so a scheduled start or end shows on time.
 */
export const maintenanceQueryOptions = queryOptions({
  queryKey: sharedKeys.maintenance,
  queryFn: () => api.get<MaintenanceView>('/service/maintenance'),
  staleTime: MINUTE / 2,
  refetchInterval: MINUTE,
});

const OPEN: MaintenanceView = { active: false, upcoming: false, message: '', from: null, until: null };

/** The shop's maintenance now; open until the first answer (the server refuses what it must anyway). */
export function useMaintenance(): MaintenanceView {
  return useQuery(maintenanceQueryOptions).data ?? OPEN;
}
