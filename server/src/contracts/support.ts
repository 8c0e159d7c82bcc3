/**
 * The support desk (1:1 문의): ticket types, the member's and the operator's request bodies, the Korean
 * messages and what each side reads. Shared by the server, the storefront and the console.
 */
import { z } from 'zod';
import type { OrderActions } from './order-actions.js';
import type { TicketStatus } from './statuses.js';

export const TICKET_TYPES = ['REFILL', 'CANCEL', 'SPEED', 'RESTART', 'PAYMENT', 'OTHER'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const TICKET_TYPE_LABELS = {
  REFILL: '리필 요청',
  CANCEL: '취소 요청',
  SPEED: '작업 속도 문의',
  RESTART: '재시작 요청',
  PAYMENT: '충전·결제 문의',
  OTHER: '기타',
} as const satisfies Record<TicketType, string>;

/** Who wrote a message: the member, an operator, or the desk itself (what a refill/cancel ticket did at once). */
export const TICKET_AUTHORS = ['MEMBER', 'OPERATOR', 'SYSTEM'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const TICKET_LIMITS = {
  subjectMax: 100,
  bodyMax: 5000,
  images: 3,
  orders: 100,
  /** Tickets a member may keep open (OPEN or ANSWERED) at once. */
  open: 5,
  /** Days an ANSWERED ticket waits for the member before it closes. */
  autoCloseDays: 7,
  /** Image uploads a member may make: this many per this many minutes … */
  imageRate: { limit: 10, windowMinutes: 10 },
  /** … and this many a day. An image no ticket took within a day is removed. */
  imagesPerDay: 30,
} as const;

export const TICKET_MESSAGES = {
  typeRequired: '문의 유형을 선택해 주세요.',
  subjectRequired: '제목을 입력해 주세요.',
  subjectTooLong: `제목은 ${TICKET_LIMITS.subjectMax}자까지 입력할 수 있습니다.`,
  bodyRequired: '문의 내용을 입력해 주세요.',
  bodyTooLong: `문의 내용은 ${TICKET_LIMITS.bodyMax.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
  ordersInvalid: '주문번호는 숫자로, 쉼표나 공백으로 구분해 입력해 주세요.',
  tooManyOrders: `주문번호는 한 번에 ${TICKET_LIMITS.orders}개까지 입력할 수 있습니다.`,
  ordersRequired: '리필·취소 요청은 주문번호를 입력해 주세요.',
  foreignOrders: '회원님의 주문이 아닌 주문번호가 있습니다',
  tooManyImages: `이미지는 ${TICKET_LIMITS.images}장까지 첨부할 수 있습니다.`,
  imageInvalid: '첨부 이미지가 올바르지 않습니다. 다시 올려 주세요.',
  tooManyOpen: `답변을 기다리는 문의는 ${TICKET_LIMITS.open}개까지 둘 수 있습니다. 이전 문의를 종료한 뒤 다시 문의해 주세요.`,
  notFound: '문의를 찾을 수 없습니다.',
  alreadyClosed: '이미 종료된 문의입니다.',
  answered: '답변이 등록되었습니다.',
  replyRequired: '답변 내용을 입력해 주세요.',
  savedReplyTitle: '제목을 입력해 주세요.',
  assigneeInvalid: '담당자로 지정할 수 없는 운영자입니다. 사용 중인 운영자를 선택해 주세요.',
  imageNotOwn: '회원님이 올린 이미지만 첨부할 수 있습니다. 이미지를 다시 올려 주세요.',
  imageRate: `이미지는 ${TICKET_LIMITS.imageRate.windowMinutes}분에 ${TICKET_LIMITS.imageRate.limit}장까지 올릴 수 있습니다. 잠시 후 다시 시도해 주세요.`,
  imageQuota: `이미지는 하루에 ${TICKET_LIMITS.imagesPerDay}장까지 올릴 수 있습니다. 내일 다시 시도해 주세요.`,
} as const;

/** "123, 124 125" (or a list of numbers) → [123, 124, 125], deduplicated in order; null when malformed. */
export function parseOrderIds(input: string | readonly number[] | null | undefined): number[] | null {
  if (input === null || input === undefined) return [];
  const parts = typeof input === 'string' ? input.split(/[\s,]+/).filter(Boolean) : input.map(String);
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,9}$/.test(part) || Number(part) < 1) return null;
    if (!ids.includes(Number(part))) ids.push(Number(part));
  }
  return ids;
}

/** Line breaks (and tabs) of every kind: a one-line field becomes one line of single spaces. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/**
 * Characters that change how the text around them is shown without being seen: bidi marks, embeddings,
 * overrides and isolates (a subject that reads backwards), zero-width spaces and joiners, the BOM.
 */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Blank-looking letters (Hangul fillers, the braille blank) and spaces: no text is made of them alone. */
const BLANK = /^[\s\p{Cf}\u115f\u1160\u2800\u3164\uffa0]*$/u;

/** A one-line field as stored: line breaks become spaces, invisible controls go, spaces are collapsed. */
export const singleLine = (text: string): string =>
  text.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();

/** Whether anything a person could read remains. */
export const hasVisibleText = (text: string): boolean => !BLANK.test(text);

/** A one-line field of a ticket: tidied (singleLine), refused with `required` when nothing visible remains. */
const oneLine = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(singleLine)
    .refine(hasVisibleText, { error: required })
    .refine((v) => v.length <= max, { error: tooLong });

/** The image URLs our upload pipeline hands out. */
export const TICKET_IMAGE_PATTERN = /^\/uploads\/[0-9a-f-]{36}\.(webp|png|jpg|gif)$/;

const body = z
  .string({ error: TICKET_MESSAGES.bodyRequired })
  .trim()
  .min(1, TICKET_MESSAGES.bodyRequired)
  .max(TICKET_LIMITS.bodyMax, TICKET_MESSAGES.bodyTooLong);

const images = z
  .array(z.string().regex(TICKET_IMAGE_PATTERN, TICKET_MESSAGES.imageInvalid), { error: TICKET_MESSAGES.imageInvalid })
  .max(TICKET_LIMITS.images, TICKET_MESSAGES.tooManyImages)
  .default([]);

const orderIds = z
  .union([z.string().max(2000, TICKET_MESSAGES.tooManyOrders), z.array(z.number().int()).max(1000)], {
    error: TICKET_MESSAGES.ordersInvalid,
  })
  .optional()
  .transform((value, ctx) => {
    const ids = parseOrderIds(value);
    if (!ids) {
      ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.ordersInvalid });
      return z.NEVER;
    }
    if (ids.length > TICKET_LIMITS.orders) {
      ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.tooManyOrders });
      return z.NEVER;
    }
    return ids;
  });

/** `POST /api/service/tickets`. */
export const ticketCreateSchema = z
  .object({
    type: z.enum(TICKET_TYPES, { error: TICKET_MESSAGES.typeRequired }),
    subject: oneLine(TICKET_MESSAGES.subjectRequired, TICKET_LIMITS.subjectMax, TICKET_MESSAGES.subjectTooLong),
    body,
    orderIds,
    images,
  })
  .refine((t) => (t.type !== 'REFILL' && t.type !== 'CANCEL') || t.orderIds.length > 0, {
    message: TICKET_MESSAGES.ordersRequired,
    path: ['orderIds'],
  });
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export type TicketCreate = z.output<typeof ticketCreateSchema>;

/** `POST /api/service/tickets/:id/messages`. */
export const ticketReplySchema = z.object({ body, images });
export type TicketReply = z.output<typeof ticketReplySchema>;

/** `POST /api/admin/tickets/:id/messages`: an answer, or an internal note members never see. */
export const operatorReplySchema = z.object({
  body: z
    .string({ error: TICKET_MESSAGES.replyRequired })
    .trim()
    .min(1, TICKET_MESSAGES.replyRequired)
    .max(TICKET_LIMITS.bodyMax, TICKET_MESSAGES.bodyTooLong),
  internal: z.boolean().default(false),
});
export type OperatorReply = z.output<typeof operatorReplySchema>;

/** `POST /api/admin/tickets/:id/assign`: an operator id, or null to unassign. */
export const ticketAssignSchema = z.object({ operatorId: z.number().int().positive().nullable() });

/** Saved replies (저장된 답변). */
export const savedReplySchema = z.object({
  title: oneLine(TICKET_MESSAGES.savedReplyTitle, 100, TICKET_MESSAGES.savedReplyTitle),
  body: z.string().trim().min(1, TICKET_MESSAGES.replyRequired).max(TICKET_LIMITS.bodyMax, TICKET_MESSAGES.bodyTooLong),
});

/** One message of a thread as the member reads it (internal notes never reach them). */
export interface TicketMessageView<Time = string> {
  id: number;
  author: TicketAuthor;
  body: string;
  images: string[];
  internal: boolean;
  createdAt: Time;
}

/** A row of `GET /api/service/tickets`. */
export interface TicketSummary<Time = string> {
  id: number;
  type: TicketType;
  subject: string;
  status: TicketStatus;
  orderIds: number[];
  createdAt: Time;
  updatedAt: Time;
  lastMessageAt: Time;
}

/** One linked order as the desk shows it: what it is and what the member may do with it. */
export interface TicketOrderView<Time = string> {
  id: number;
  status: string;
  service: string;
  link: string;
  amount: number;
  createdAt: Time;
  actions: OrderActions;
}

/** `GET /api/service/tickets/:id`. */
export interface TicketView<Time = string> extends TicketSummary<Time> {
  messages: TicketMessageView<Time>[];
  orders: TicketOrderView<Time>[];
}

/** Links in a message (http/https), so the text can be shown with them clickable and nothing else as markup. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** One linked order on the console's ticket page: what the member may do with it and the operator's commands. */
export interface AdminTicketOrderView<Time = string> extends TicketOrderView<Time> {
  commands: string[];
}

/** `GET /api/admin/tickets/:id`: the whole thread (internal notes too), the member and the desk's state. */
export interface AdminTicketView<Time = string> extends TicketView<Time> {
  memberId: number;
  loginId: string | null;
  assigneeId: number | null;
  unread: boolean;
  waitingSince: Time | null;
  orders: AdminTicketOrderView<Time>[];
}
