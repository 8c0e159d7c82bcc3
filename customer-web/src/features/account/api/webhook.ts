import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeChoice, NoticeEvent, WebhookDeliveryView } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';

export interface WebhookSettings {
  url: string | null;
  secret: string | null;
}

/** GET /auth/webhook: the member's webhook URL and signing secret. */
export const webhookQueryOptions = queryOptions({
  queryKey: ['webhook'],
  queryFn: () => api.get<WebhookSettings>('/auth/webhook'),
});
/** GET /auth/webhook/deliveries: the last 100 deliveries with their answers. */
export const webhookDeliveriesQueryOptions = queryOptions({
  queryKey: ['webhook', 'deliveries'],
  queryFn: () => api.get<WebhookDeliveryView[]>('/auth/webhook/deliveries'),
});
/** GET /auth/notices: the member's channel per customer notice. */
export const noticesQueryOptions = queryOptions({
  queryKey: ['notices'],
  queryFn: () => api.get<Record<NoticeEvent, NoticeChoice>>('/auth/notices'),
});

// A guest (browse-only) has no webhook or notices to read.
const useMember = () => useSession() !== 'guest';
export const useWebhook = () => useQuery({ ...webhookQueryOptions, enabled: useMember() }).data;
export const useWebhookDeliveries = (enabled: boolean) =>
  useQuery({ ...webhookDeliveriesQueryOptions, enabled: useMember() && enabled }).data;
export const useNotices = () => useQuery({ ...noticesQueryOptions, enabled: useMember() }).data;

const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhook'] });

export async function saveWebhook(url: string): Promise<void> {
  queryClient.setQueryData(webhookQueryOptions.queryKey, await api.put<WebhookSettings>('/auth/webhook', { url }));
  await refresh();
}
export async function rotateWebhookSecret(): Promise<void> {
  queryClient.setQueryData(webhookQueryOptions.queryKey, await api.post<WebhookSettings>('/auth/webhook/rotate'));
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
    noticesQueryOptions.queryKey,
    await api.put<Record<NoticeEvent, NoticeChoice>>('/auth/notices', { prefs }),
  );
}
