import { z } from 'zod';
import { cashReceiptSchema, taxInvoiceSchema, type CashReceipt, type TaxInvoice } from './charge.js';
import { RECEIPT_MOVES, RECEIPT_STATUS_LABELS, RECEIPT_STATUSES, type ReceiptStatus } from './statuses.js';

/**
 * 증빙: the 현금영수증 (through Toss Payments' cash-receipt API) and 세금계산서 (through Popbill) a charge asked
 * for, their statuses (statuses.ts), the operator's and member's forms and the views both sides read.
 */
export { RECEIPT_MOVES, RECEIPT_STATUS_LABELS, RECEIPT_STATUSES, type ReceiptStatus };

export const RECEIPT_KINDS = ['CASH_RECEIPT', 'TAX_INVOICE'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const RECEIPT_KIND_LABELS = { CASH_RECEIPT: '현금영수증', TAX_INVOICE: '세금계산서' } as const satisfies Record<
  ReceiptKind,
  string
>;

export const RECEIPT_MESSAGES = {
  notFound: '증빙을 찾을 수 없습니다.',
  notEditable: '발행 대기 또는 실패한 증빙만 고칠 수 있습니다.',
  notIssuable: '발행 대기 또는 실패한 증빙만 다시 발행할 수 있습니다.',
  inProgress: '이 증빙은 지금 발행 중입니다. 잠시 후 다시 확인해 주세요.',
  partnerNotConfigured: '발행 대행사가 설정되지 않았습니다. 홈택스에서 발행한 뒤 승인번호를 기록해 주세요.',
  partnerUnavailable: '발행 대행사와 통신하지 못했습니다. 잠시 후 자동으로 다시 시도합니다.',
  approvalNumberInvalid: '국세청 승인번호를 입력해 주세요 (숫자, 영문, - 50자 이내).',
  monthInvalid: '월은 YYYY-MM 형식으로 입력해 주세요.',
  refundByHand: '환불된 금액이 있습니다. 홈택스에서 수정 증빙을 직접 발행해 주세요.',
} as const;

/** `POST /api/admin/receipts/:id/manual`: the 국세청 승인번호 of a document issued by hand in 홈택스. */
export const manualReceiptSchema = z.object({
  approvalNumber: z
    .string({ error: RECEIPT_MESSAGES.approvalNumberInvalid })
    .trim()
    .regex(/^[0-9A-Za-z-]{1,50}$/, RECEIPT_MESSAGES.approvalNumberInvalid),
});
export type ManualReceiptInput = z.infer<typeof manualReceiptSchema>;

/** `PUT /api/service/receipts/:id`: the member's corrected details, read by the document's kind. */
export const receiptFixSchema = z.object({ feeValue: z.unknown() });
export const receiptDetailsSchema = { TAX_INVOICE: taxInvoiceSchema, CASH_RECEIPT: cashReceiptSchema } as const;
export type ReceiptDetails = TaxInvoice | CashReceipt;

/** A month as the list filter and totals name it (Korean calendar month). */
export const receiptMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, RECEIPT_MESSAGES.monthInvalid);

/** One row of the console's 증빙 발행 list. Money in whole won. */
export interface AdminReceiptView {
  id: number;
  chargeId: number;
  memberId: number;
  kind: ReceiptKind;
  status: ReceiptStatus;
  /** What the document is for now (after refunds). */
  amount: number;
  supplyCost: number;
  tax: number;
  refundedAmount: number;
  /** 상호 (tax invoice) or the masked phone (cash receipt). */
  customer: string;
  identity: string;
  partnerKey: string | null;
  approvalNumber: string | null;
  receiptUrl: string | null;
  issuedAt: string | null;
  /** The partner's answer when it refused, or the transient error being retried. */
  failure: string | null;
  attempts: number;
  adjustments: ReceiptAdjustment[];
  createdAt: string;
  updatedAt: string;
}

/** A change sent to the partner after issue: a partial cancel (Toss) or a 수정세금계산서 (Popbill). */
export interface ReceiptAdjustment {
  amount: number;
  partnerKey: string | null;
  approvalNumber: string | null;
  at: string;
}

/** Totals of one Korean month and kind (the list's header). */
export interface ReceiptMonthTotal {
  month: string;
  kind: ReceiptKind;
  count: number;
  amount: number;
  issued: number;
  waiting: number;
  failed: number;
}

/** One row of the member's `GET /api/service/receipts`. */
export interface MemberReceiptView {
  id: number;
  chargeId: number;
  kind: ReceiptKind;
  status: ReceiptStatus;
  amount: number;
  approvalNumber: string | null;
  receiptUrl: string | null;
  issuedAt: string | null;
  /** The partner's refusal, for the member to fix their details. */
  failure: string | null;
  /** Whether the member may still correct the business number or phone. */
  editable: boolean;
  details: ReceiptDetails;
}

/** Whether a document in `status` can still be corrected or issued again. */
export const receiptOpen = (status: ReceiptStatus): boolean => status === 'PENDING' || status === 'FAILED';

/** The phone or business number with its middle hidden (lists and CSV; the record keeps it whole). */
export function maskIdentity(value: string): string {
  if (value.length <= 4) return value;
  const keep = value.length >= 10 ? 3 : 2;
  return `${value.slice(0, keep)}${'*'.repeat(value.length - keep - 4)}${value.slice(-4)}`;
}
