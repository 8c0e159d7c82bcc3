import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

/** GET /service/register-where: the sign-up-route options, {id, text}; the chosen text is sent as registerWhere. */
export interface RegisterWhere {
  id: number;
  text: string;
}

export const registerWhereQueryOptions = queryOptions({
  queryKey: authKeys.registerWhere,
  queryFn: () => api.get<RegisterWhere[]>('/service/register-where'),
});
export const useRegisterWhere = () => useQuery(registerWhereQueryOptions);
