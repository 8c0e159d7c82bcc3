import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SERVICE_CHANGE_PAGE_SIZE, type ServiceChangePage } from '../../../lib/contracts';
import { serviceChangeKeys } from './keys';

/** GET /service/service-changes?page=: the public change log, newest first, 20 a page. */
export const serviceChangesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: serviceChangeKeys.page(page),
    queryFn: () => api.get<ServiceChangePage>(`/service/service-changes?page=${page}&size=${SERVICE_CHANGE_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
export const useServiceChanges = (page: number) => useQuery(serviceChangesQueryOptions(page));
