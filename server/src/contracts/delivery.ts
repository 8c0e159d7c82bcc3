import { z } from 'zod';

/** How the delivery engine sends (its outbox's `channel`). */
export const DELIVERY_CHANNELS = ['WEBHOOK', 'EMAIL', 'SMS', 'TELEGRAM', 'ALIMTALK'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  WEBHOOK: '웹훅',
  EMAIL: '메일',
  SMS: 'SMS',
  TELEGRAM: '텔레그램',
  ALIMTALK: '알림톡',
};

/**
 * PENDING waits for its next attempt; SENDING claimed by a sender and in flight (its lease ends at
 * `nextAttemptAt`); SENT answered 2xx; FAILED gave up (24 h) or refused for good; STORED no transport configured.
 */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'STORED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  PENDING: '발송 대기',
  SENDING: '발송 중',
  SENT: '발송됨',
  FAILED: '실패',
  STORED: '보관 (발송 수단 없음)',
};

/** What a reseller's webhook receives (`type` of the body). */
export const WEBHOOK_EVENTS = [
  'order.updated',
  'refill.updated',
  'subscription.updated',
  'balance.changed',
  'webhook.test',
  'service.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a customer is told by 알림톡 (SMS when it fails) or mail; each member chooses per event. */
export const NOTICE_EVENTS = [
  'charge.completed',
  'order.completed',
  'order.partial',
  'order.canceled',
  'refill.completed',
  'ticket.answered',
  'service.changed',
] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];
export const NOTICE_EVENT_LABELS: Record<NoticeEvent, string> = {
  'charge.completed': '충전 완료',
  'order.completed': '주문 완료',
  'order.partial': '주문 부분 완료',
  'order.canceled': '주문 취소',
  'refill.completed': '리필 완료',
  'ticket.answered': '문의 답변',
  'service.changed': '서비스 변경 안내',
};
/** A member's choice for one event: 알림톡 (SMS when it fails; mail without a phone number), mail, or nothing. */
export const NOTICE_CHOICES = ['ALIMTALK', 'EMAIL', 'OFF'] as const;
export type NoticeChoice = (typeof NOTICE_CHOICES)[number];
export const NOTICE_CHOICE_LABELS: Record<NoticeChoice, string> = {
  ALIMTALK: '카카오 알림톡',
  EMAIL: '메일',
  OFF: '받지 않음',
};

export const WEBHOOK_MESSAGES = {
  url: '웹훅 URL은 http:// 또는 https:// 로 시작하는 주소여야 합니다.',
  privateAddress:
    '웹훅 URL이 내부망(사설·루프백·링크로컬) 주소를 가리킵니다. 외부에서 접근 가능한 주소를 입력해 주세요.',
  unresolved: '웹훅 URL의 호스트를 찾을 수 없습니다.',
  notSet: '먼저 웹훅 URL을 저장해 주세요.',
  notFound: '발송 내역을 찾을 수 없습니다.',
  port: '웹훅 URL의 포트는 80, 443, 8080, 8443 중 하나여야 합니다.',
  tooManyTests: '웹훅 테스트와 재발송은 1분에 5번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.',
  secretUnreadable: '웹훅 서명 키를 열 수 없습니다. 서명 키를 다시 발급해 주세요.',
} as const;

/** The ports a webhook URL may name (none: the scheme's own, 80 or 443). */
export const WEBHOOK_PORTS = [80, 443, 8080, 8443] as const;

/** How many webhook tests and replays a member may ask for in a minute. */
export const WEBHOOK_TEST_LIMIT = { limit: 5, windowSeconds: 60 } as const;

/**
 * The member's webhook (GET/PUT /api/auth/webhook, POST /api/auth/webhook/rotate). The signing secret is
 * shown once: `secret` only in the answer that created it (PUT of a first URL) or rotated it; afterwards
 * only `secretHint`, its last 4 characters ("…a1b2"). No webhook: url and secretHint null.
 */
export interface WebhookView {
  url: string | null;
  secretHint: string | null;
  secret?: string;
}

export const webhookUrlSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.url })
    .trim()
    .max(500, { error: '웹훅 URL은 500자 이하로 입력해 주세요.' })
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { error: WEBHOOK_MESSAGES.url }),
});
export type WebhookUrlInput = z.infer<typeof webhookUrlSchema>;

export const noticePrefsSchema = z.object({
  prefs: z.partialRecord(z.enum(NOTICE_EVENTS), z.enum(NOTICE_CHOICES, { error: '알림 수단이 올바르지 않습니다.' })),
});
export type NoticePrefsInput = z.infer<typeof noticePrefsSchema>;

/** One row of the member's delivery log (GET /api/auth/webhook/deliveries). */
export interface WebhookDeliveryView {
  id: number;
  messageId: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastAnswer: string | null;
  payload: unknown;
  createdAt: string;
  sentAt: string | null;
}

/** An order's status as webhooks spell it: the words of v2 `status`. */
export const WEBHOOK_ORDER_STATUS: Record<string, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  INPROGRESS: 'In progress',
  COMPLETED: 'Completed',
  PARTIAL: 'Partial',
  CANCELED: 'Canceled',
};
