import { TICKET_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';
import { TICKET_TYPE_LABELS } from '../../../server/src/contracts/support.js';
import { labelChoices } from '../common/fields';

export const ticketStatuses = labelChoices(TICKET_STATUS_LABELS);
export const ticketTypes = labelChoices(TICKET_TYPE_LABELS);

/** How long a ticket has waited for the shop, in Korean ("3시간 12분"). */
export function waited(since: string | null | undefined, now = Date.now()): string {
  if (!since) return '-';
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}시간 ${minutes % 60}분`;
  return `${Math.floor(hours / 24)}일 ${hours % 24}시간`;
}
