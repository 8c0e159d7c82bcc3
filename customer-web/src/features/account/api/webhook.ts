import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeChoice, NoticeEvent, WebhookDeliveryView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { accountKeys } from './keys';

/**
 * GET /auth/webhook: the URL and the last 4 characters of the signing secret (`secretHint`). The whole secret
 * comes only in the answer that made it (PUT creating the webhook, POST rotate): it is shown that once.
 * Older servers answered `secret` on every read; both are read.
 */
export interface WebhookSettings {
  url: string | null;
  secretHint?: string | null;
  secret?: string | null;
}

/** The secret's last 4 characters, from the hint or (an older answer) the secret itself. */
export const secretHintOf = (w: WebhookSettings | undefined): string | null =>
  w?.secretHint ?? (w?.secret ? w.secret.slice(-4) : null);

export const webhookQueryOptions = queryOptions({
  queryKey: accountKeys.webhook,
  queryFn: () => api.get<WebhookSettings>('/auth/webhook'),
});
/** GET /auth/webhook/deliveries: the last 100 deliveries with their answers, newest first. */
export const webhookDeliveriesQueryOptions = queryOptions({
  queryKey: accountKeys.webhookDeliveries,
  queryFn: () => api.get<WebhookDeliveryView[]>('/auth/webhook/deliveries'),
});
/** GET /auth/notices: the member's channel per customer notice. */
export const noticePrefsQueryOptions = queryOptions({
  queryKey: accountKeys.noticePrefs,
  queryFn: () => api.get<Record<NoticeEvent, NoticeChoice>>('/auth/notices'),
});

// A guest (browse-only) has no webhook or notices to read.
const useMember = () => useSession() !== 'guest';
export const useWebhook = () => useQuery({ ...webhookQueryOptions, enabled: useMember() }).data;
export const useWebhookDeliveries = (enabled: boolean) =>
  useQuery({ ...webhookDeliveriesQueryOptions, enabled: useMember() && enabled });
export const useNoticePrefs = () => useQuery({ ...noticePrefsQueryOptions, enabled: useMember() }).data;

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.webhook }),
    queryClient.invalidateQueries({ queryKey: accountKeys.webhookDeliveries }),
  ]);

/** Saves the URL; answers the new secret when this call made the webhook (shown once), else null. */
export async function saveWebhook(url: string): Promise<string | null> {
  const saved = await api.put<WebhookSettings>('/auth/webhook', { url });
  await refresh();
  return saved?.secret ?? null;
}
/** A new signing secret, answered once. */
export async function rotateWebhookSecret(): Promise<string | null> {
  const rotated = await api.post<WebhookSettings>('/auth/webhook/rotate');
  await refresh();
  return rotated?.secret ?? null;
}
export async function sendTestWebhook(): Promise<void> {
  await api.post('/auth/webhook/test');
  await refresh();
}
export async function replayWebhook(id: number): Promise<void> {
  await api.post(`/auth/webhook/deliveries/${id}/replay`);
  await refresh();
}
export async function saveNotices(prefs: Partial<Record<NoticeEvent, NoticeChoice>>): Promise<void> {
  queryClient.setQueryData(
    noticePrefsQueryOptions.queryKey,
    await api.put<Record<NoticeEvent, NoticeChoice>>('/auth/notices', { prefs }),
  );
}
