import { fetchUtils, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getToken, refreshToken } from './authProvider';
import type { UploadPurpose } from '../../server/src/contracts/content.js';
import type { ProfitGroup, ProfitReport, ProviderScore } from '../../server/src/contracts/reports.js';
import type { AdminDashboardView, AdminDayFigures, AdminLedgerEntryView } from '../../server/src/contracts/views.js';

export const API = '/api/admin';

/** Every call carries the operator's bearer token; errors carry the server's `{statusCode, message}`. */
export const httpClient = async (
  url: string,
  options: fetchUtils.Options = {},
  retried = false,
): ReturnType<typeof fetchUtils.fetchJson> => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    // An expired access token: the session's refresh token gets the next one, and the call is made once more.
    if ((error as { status?: number }).status === 401 && token && !retried && (await refreshToken()))
      return httpClient(url, options, true);
    throw error;
  }
};

const base = simpleRestProvider(API, httpClient, 'Content-Range');

/** A ledger row as GET /api/admin/ledger-entries returns it (contracts/views.ts). */
export type LedgerEntryRecord = AdminLedgerEntryView;

async function post<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API}/${path}`, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

async function send<T = unknown>(method: 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API}/${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

async function get<T>(path: string): Promise<T> {
  return (await httpClient(`${API}/${path}`)).json as T;
}

/** A command: `POST /api/admin/<resource>/:id/<verb>` (docs/architecture.md), answering the changed record. */
const command = <T = RaRecord>(resource: string, id: Identifier, verb: string, body?: unknown) =>
  post<T>(`${resource}/${encodeURIComponent(String(id))}/${verb}`, body);

export interface ImportServicesResult {
  created: number;
  updated: number;
  skipped: { providerServiceId: string; reason: string }[];
}

export const dataProvider = {
  ...base,
  command,
  // Charges and deposits (billing)
  acceptCharge: (id: Identifier) => command('charges', id, 'accept'),
  rejectCharge: (id: Identifier) => command('charges', id, 'reject'),
  /** Cancels (part of) a Toss charge's payment and takes the points back, only up to what the member has not spent. */
  refundCharge: (id: Identifier, point: number, reason: string) => command('charges', id, 'refund', { point, reason }),
  /** One member's referral figures: joined with their code, rewards, points earned, what could not be taken back. */
  memberReferrals: (id: Identifier) =>
    get<{ joined: number; rewards: number; earned: number; unrecovered: number }>(
      `referrals/members/${encodeURIComponent(String(id))}`,
    ),
  /** Bulk accept (POST /charges/accept {ids}): each id settles or is refused on its own. */
  bulkAcceptCharges: (ids: Identifier[]) =>
    post<{ id: number; ok: boolean; message?: string; ledgerEntry?: LedgerEntryRecord }[]>('charges/accept', {
      ids: ids.map(Number),
    }),
  matchDeposit: (id: Identifier, chargeId: Identifier) =>
    command('deposits', id, 'match', { chargeId: Number(chargeId) }),
  dismissDeposit: (id: Identifier, memo: string) => command('deposits', id, 'dismiss', { memo }),
  // Point debts (wallet): collect from the balance now, or write off with a reason
  collectPointDebt: (id: Identifier) => command('point-debts', id, 'collect'),
  writeOffPointDebt: (id: Identifier, reason: string) => command('point-debts', id, 'write-off', { reason }),
  // Orders and auto-orders (ordering, fulfilment)
  cancelOrder: (id: Identifier) => command('orders', id, 'cancel'),
  partialOrder: (id: Identifier, remains: number) => command('orders', id, 'partial', { remains }),
  setStartCount: (id: Identifier, startCount: number) => command('orders', id, 'start-count', { startCount }),
  setOrderStatus: (id: Identifier, status: string, remains?: number) =>
    command('orders', id, 'status', { status, remains }),
  /** Sends a failed or uncertain PENDING order again, or links the provider's order id found on its panel. */
  resendOrder: (id: Identifier, providerOrderId?: string) =>
    command('orders', id, 'resend', providerOrderId ? { providerOrderId } : {}),
  cancelAutoOrder: (id: Identifier) => command('auto-orders', id, 'cancel'),
  // A subscription held because its `add` went unanswered: the provider's id found on its panel, or send it
  // again, or (not there) cancel it with the prepayment refunded.
  resendSubscription: (id: Identifier, providerSubscriptionId?: string) =>
    command('subscriptions', id, 'resend', providerSubscriptionId ? { providerSubscriptionId } : {}),
  cancelHeldSubscription: (id: Identifier) => command('subscriptions', id, 'cancel'),
  // Refills (ordering): those no provider takes are done or rejected by an operator.
  completeRefill: (id: Identifier) => command('refills', id, 'complete'),
  rejectRefill: (id: Identifier, reason: string) => command('refills', id, 'reject', { reason }),
  // The support desk (1:1 문의)
  ticketUnread: () => get<{ count: number; open: number }>('tickets/unread'),
  answerTicket: (id: Identifier, body: string, internal: boolean) =>
    post<RaRecord>(`tickets/${encodeURIComponent(String(id))}/messages`, { body, internal }),
  assignTicket: (id: Identifier, operatorId: number | null) => command('tickets', id, 'assign', { operatorId }),
  closeTicket: (id: Identifier) => command('tickets', id, 'close'),
  /** A refill of a linked order on the member's behalf (the member's rules apply). */
  refillTicketOrder: (id: Identifier, orderId: Identifier) =>
    post<RaRecord>(`tickets/${encodeURIComponent(String(id))}/orders/${encodeURIComponent(String(orderId))}/refill`),
  // Members (identity, wallet)
  suspendMember: (id: Identifier) => command('members', id, 'suspend'),
  reinstateMember: (id: Identifier) => command('members', id, 'reinstate'),
  adjustPoints: (id: Identifier, amount: number, reason: string) =>
    command('members', id, 'adjust-points', { amount, reason }),
  /** 회원 등급 and 회원 단가 (pricing): the member's level and custom rates per service. */
  memberLevel: (id: Identifier) =>
    get<{
      name: string | null;
      discountPercent: string;
      charged: number;
      next: { name: string; remaining: number } | null;
    }>(`members/${encodeURIComponent(String(id))}/level`),
  setMemberLevel: (id: Identifier, levelId: number | null) =>
    send('PUT', `members/${encodeURIComponent(String(id))}/level`, { levelId }),
  memberRates: (id: Identifier) =>
    get<{ serviceId: number; service: string; listPoint: string; point: string }[]>(
      `members/${encodeURIComponent(String(id))}/rates`,
    ),
  setMemberRate: (id: Identifier, serviceId: number, point: string) =>
    send('PUT', `members/${encodeURIComponent(String(id))}/rates`, { serviceId, point }),
  deleteMemberRate: (id: Identifier, serviceId: number) =>
    send('DELETE', `members/${encodeURIComponent(String(id))}/rates/${serviceId}`),
  // Providers (fulfilment)
  providerBalance: (id: Identifier) =>
    get<{ balance: string; currency: string }>(`providers/${encodeURIComponent(String(id))}/balance`),
  /** Imports (or re-syncs) the provider's services into a category with a markup on its rates. */
  importServices: (id: Identifier, input: { markupPercent: string; currencyRate: string; categoryId: number }) =>
    command<ImportServicesResult>('providers', id, 'import-services', input),
  /** The newest ledger rows a command wrote for one record (e.g. the refund of a canceled order). */
  async ledgerFor(referenceType: string, referenceId: Identifier) {
    const { data } = await base.getList<LedgerEntryRecord>('ledger-entries', {
      filter: { referenceType, referenceId: String(referenceId) },
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 5 },
    });
    return data;
  },
  /** Uploads one image, kept at the size where it is shown (`purpose`); answers its public URL (under /uploads/). */
  async uploadImage(file: File, purpose: UploadPurpose = 'other'): Promise<string> {
    const form = new FormData();
    form.append('file', file);
    const { json } = await httpClient(`${API}/uploads?purpose=${purpose}`, { method: 'POST', body: form });
    return (json as { url: string }).url;
  },
  dashboard: () => get<DashboardStats>('dashboard'),
  walletInvariant: () =>
    get<{ ok: boolean; violations: { memberId: number; balance: string; ledgerSum: string }[] }>('wallet/invariant'),
  profitReport: (query: { from: string; to: string; by: ProfitGroup }) =>
    get<ProfitReport>(`reports/profit?${new URLSearchParams(query).toString()}`),
  /** The same report as a CSV file, fetched with the operator's token and saved by the browser. */
  async downloadProfitCsv(query: { from: string; to: string; by: ProfitGroup }): Promise<void> {
    const res = await fetch(`${API}/reports/profit.csv?${new URLSearchParams(query).toString()}`, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
    });
    if (!res.ok) throw new Error(`CSV를 받지 못했습니다 (${res.status})`);
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `profit-${query.by}-${query.from}-${query.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  },
  providerScores: (days: 7 | 30) => get<{ days: number; rows: ProviderScore[] }>(`provider-scores?days=${days}`),
  syncProviderPrices: (id: Identifier) => post<{ checked: number; changes: unknown[] }>(`providers/${id}/sync`),
} satisfies DataProvider;

export type ConsoleDataProvider = typeof dataProvider;

/** The dashboard's figures (GET /api/admin/dashboard), as contracts/views.ts declares them. */
export type DailyFigure = AdminDayFigures;
export type DashboardStats = AdminDashboardView;
