import { useMutation } from '@tanstack/react-query';
import type { TicketView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { supportKeys } from './keys';

/** POST /service/tickets/:id/close. */
export const closeTicket = (id: number) => api.post<TicketView>(`/service/tickets/${id}/close`);

export const useCloseTicket = (id: number) =>
  useMutation({
    mutationFn: () => closeTicket(id),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets, exact: true });
    },
  });
