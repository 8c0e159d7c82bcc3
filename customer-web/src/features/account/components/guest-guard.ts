import { toast } from 'react-toastify';
import { ACCOUNT_MESSAGES } from '../../../lib/contracts';
import { session } from '../../../lib/session';

/** Spec §6: account actions are blocked in browse-only mode, with a message and no call. */
export function unlessGuest(action: () => unknown): void {
  if (session.get() === 'guest') toast.error(ACCOUNT_MESSAGES.guestBlocked);
  else void action();
}
