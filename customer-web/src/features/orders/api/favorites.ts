import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderKeys } from './keys';

/** GET /service/favorites: the member's 즐겨찾기, service ids. */
export const favoritesQueryOptions = queryOptions({
  queryKey: orderKeys.favorites,
  queryFn: () => api.get<number[]>('/service/favorites'),
});

const NONE: readonly number[] = [];

/** The member's favourite service ids (none for visitors and guests), and whether favourites can be kept. */
export function useFavorites(): { member: boolean; ids: readonly number[] } {
  const member = useSession() === 'authorization';
  const favorites = useQuery({ ...favoritesQueryOptions, enabled: member });
  return { member, ids: member ? (favorites.data ?? NONE) : NONE };
}

/** Stars (PUT) or unstars (DELETE) a service; the answer is the new list. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, on }: { serviceId: number; on: boolean }) =>
      on
        ? api.put<number[]>(`/service/favorites/${serviceId}`, {})
        : api.delete<number[]>(`/service/favorites/${serviceId}`),
    onSuccess: (ids) => client.setQueryData(orderKeys.favorites, ids),
  });
}
