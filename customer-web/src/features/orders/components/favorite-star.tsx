import { refusalMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFavorites, useToggleFavorite } from '../api/favorites';

/** ☆/★: stars or unstars a service for the member (nothing for visitors and guests). */
export function FavoriteStar({ serviceId, name }: { serviceId: number; name?: string }) {
  const { member, ids } = useFavorites();
  const toggle = useToggleFavorite();
  if (!member) return null;
  const on = ids.includes(serviceId);
  const what = on ? '즐겨찾기 해제' : '즐겨찾기';
  return (
    <button
      type="button"
      className={`star${on ? ' star-on' : ''}`}
      aria-pressed={on}
      aria-label={name ? `${name} ${what}` : what}
      title={what}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { serviceId, on: !on },
          { onError: (e) => toast.error(refusalMessage(e, '즐겨찾기를 저장하지 못했습니다.')) },
        )
      }
    >
      {on ? '★' : '☆'}
    </button>
  );
}
