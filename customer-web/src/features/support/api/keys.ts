import { resourceKey } from '../../../lib/query-keys';

/** The support desk's query keys (lib/query-keys.ts: the resource path first). */
export const supportKeys = {
  tickets: resourceKey('/service/tickets'),
  ticket: (id: number) => resourceKey('/service/tickets', id),
  /** A new refill or cancel ticket changes the orders' history (every page of it). */
  orderHistory: resourceKey('/service/order-history'),
};
