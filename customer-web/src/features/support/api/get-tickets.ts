import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketSummary } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { supportKeys } from './keys';

/** GET /service/tickets: the member's 1:1 문의, latest message first. */
export const ticketsQueryOptions = queryOptions({
  queryKey: supportKeys.tickets,
  queryFn: () => api.get<TicketSummary[]>('/service/tickets'),
});
export const useTickets = () => useQuery(ticketsQueryOptions);
