import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { supportKeys } from './keys';

/** GET /service/tickets/:id: the thread (no internal notes) and the linked orders with what may be done with each. */
export const ticketQueryOptions = (id: number) =>
  queryOptions({ queryKey: supportKeys.ticket(id), queryFn: () => api.get<TicketView>(`/service/tickets/${id}`) });
export const useTicket = (id: number) => useQuery(ticketQueryOptions(id));
