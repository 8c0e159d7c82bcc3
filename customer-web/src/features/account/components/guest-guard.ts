import { toast } from 'react-toastify';
import { refusalMessage } from '../../../lib/api-client';
import { MESSAGES } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import { session } from '../../../lib/session';

/** docs/product.md §6: account actions are blocked in browse-only mode, with a message and no call. */
export function unlessGuest(action: () => unknown): void {
  if (session.get() === 'guest') toast.error(STOREFRONT_MESSAGES.guestBlocked);
  else void action();
}

/** A one-click account action (API key, referral code): guests blocked, overlay while it runs, a toast either way. */
export const accountAction = (work: () => Promise<unknown>, success: string) => () =>
  unlessGuest(async () => {
    try {
      await loading.during(work());
      toast.success(success);
    } catch (error) {
      toast.error(refusalMessage(error, MESSAGES.error));
    }
  });
