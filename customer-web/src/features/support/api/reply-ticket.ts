import { useMutation } from '@tanstack/react-query';
import type { TicketView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { supportKeys } from './keys';

/** POST /service/tickets/:id/messages: the member's reply (reopens the ticket). */
export const replyTicket = (id: number, input: { body: string; images: string[] }) =>
  api.post<TicketView>(`/service/tickets/${id}/messages`, input);

export const useReplyTicket = (id: number) =>
  useMutation({
    mutationFn: (input: { body: string; images: string[] }) => replyTicket(id, input),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets, exact: true });
    },
  });
