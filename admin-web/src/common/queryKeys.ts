import type { Identifier } from 'react-admin';

/**
 * The keys of the console's own queries (react-admin keys its resource calls `[resource, method, params]`).
 * Like the storefront's: the API path read first, then its parameters, so two screens share a cache entry
 * only when they read the same resource. No other file writes a key literally (eslint.config.mjs checks).
 */
const key = <const P extends `/api/admin/${string}`, const A extends readonly unknown[]>(path: P, ...params: A) =>
  [path, ...params] as const;

export const consoleKeys = {
  dashboard: key('/api/admin/dashboard'),
  ticketUnread: key('/api/admin/tickets/unread'),
  memberLevel: (id: Identifier | undefined) => key('/api/admin/members/:id/level', id),
  memberRates: (id: Identifier | undefined) => key('/api/admin/members/:id/rates', id),
  memberReferrals: (id: Identifier | undefined) => key('/api/admin/referrals/members/:id', id),
  profitReport: (from: string, to: string, by: string) => key('/api/admin/reports/profit', from, to, by),
  providerScores: (days: number) => key('/api/admin/provider-scores', days),
};
