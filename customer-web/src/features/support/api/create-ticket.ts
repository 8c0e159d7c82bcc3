import { useMutation } from '@tanstack/react-query';
import type { TicketCreateInput, TicketView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { supportKeys } from './keys';

/** POST /service/tickets: a refill or cancel ticket answers with what was done per order at once. */
export const createTicket = (input: TicketCreateInput) => api.post<TicketView>('/service/tickets', input);

export const useCreateTicket = () =>
  useMutation({
    mutationFn: createTicket,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
      void queryClient.invalidateQueries({ queryKey: supportKeys.orderHistory });
    },
  });
