import { z } from 'zod';
import { CHARGE_MESSAGES, FEE_TYPES, type FeeType } from './charge.js';

/**
 * Paying a charge online through Toss Payments' payment window (SDK v2, `requestPayment`): the
 * request the /point form sends, the confirm the success page sends, Korean messages, answers.
 */
export const TOSS_MESSAGES = {
  disabled: '온라인 결제를 사용할 수 없습니다. 계좌이체로 충전해 주세요.',
  methodInvalid: '결제 수단을 선택해 주세요.',
  receiptNotForCard:
    '카드 결제는 현금영수증·세금계산서를 발행할 수 없습니다. 증빙 없이 결제하시거나 계좌이체·가상계좌를 선택해 주세요.',
  chargeUnknown: '충전 요청을 찾을 수 없습니다.',
  amountMismatch: '결제 금액이 충전 요청 금액과 다릅니다.',
  otherPayment: '이미 다른 결제로 진행 중인 충전 요청입니다.',
  closed: '이미 처리된 충전 요청입니다.',
  pending: '결제를 확인하고 있습니다. 잠시 후 충전 내역에서 확인해 주세요.',
  paid: '결제가 완료되어 포인트가 충전되었습니다.',
  waitingForDeposit: '가상계좌가 발급되었습니다. 입금 기한 안에 입금해 주세요.',
  canceledByUser: '결제를 취소하셨습니다.',
  failed: '결제에 실패했습니다.',
  webhookRefused: '확인할 수 없는 결제 알림입니다.',
  refundTooLarge: '환불할 포인트가 회원의 남은 포인트 또는 환불 가능한 금액보다 많습니다.',
  refundNotToss: '토스 결제로 충전된 요청만 환불할 수 있습니다.',
  tooManyOpen: '완료되지 않은 온라인 결제 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  tossUnavailable: '토스페이먼츠와 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  closedRefundWhole: '마감된 충전의 결제는 전액만 환불할 수 있습니다. 충전 포인트 전체를 입력해 주세요.',
} as const;

/** The note a closed charge (deleted member, expired) carries when Toss took its payment anyway: refundable from the console. */
export const TOSS_PAID_WHILE_CLOSED = '[마감 후 결제됨]';

/** The payment-window methods offered for a charge (SDK v2 `method`). */
export const TOSS_METHODS = ['CARD', 'TRANSFER', 'VIRTUAL_ACCOUNT'] as const;
export type TossMethod = (typeof TOSS_METHODS)[number];

/** Labels the /point panel and the console show. */
export const TOSS_METHOD_LABELS: Record<TossMethod, string> = {
  CARD: '카드·간편결제',
  TRANSFER: '계좌이체',
  VIRTUAL_ACCOUNT: '가상계좌',
};

/** Cash-receipt purposes Toss's window takes for transfers and virtual accounts. */
export type TossCashReceiptType = '소득공제' | '지출증빙' | '미발행';

/**
 * What Toss can do for each receipt choice and method: a card payment has its card slip and can
 * carry neither a cash receipt nor a tax invoice (refused); transfers and virtual accounts take a
 * cash receipt (소득공제 for CASH); a tax invoice (FEE) is issued by the shop itself, so Toss issues
 * no cash receipt for it (one purchase never gets both).
 */
export function tossReceiptFor(
  feeType: FeeType,
  method: TossMethod,
): { ok: true; cashReceipt: TossCashReceiptType | null } | { ok: false; message: string } {
  if (method === 'CARD')
    return feeType === 'NONE'
      ? { ok: true, cashReceipt: null }
      : { ok: false, message: TOSS_MESSAGES.receiptNotForCard };
  if (feeType === 'CASH') return { ok: true, cashReceipt: '소득공제' };
  if (feeType === 'FEE') return { ok: true, cashReceipt: '미발행' };
  return { ok: true, cashReceipt: null };
}

/** `POST /api/service/point/toss`: the charge to pay online. Same fee rules as the bank-transfer form, no depositor name. */
export const tossChargeRequestSchema = z.object({
  point: z
    .number({ error: CHARGE_MESSAGES.pointRequired })
    .int(CHARGE_MESSAGES.pointRequired)
    .positive(CHARGE_MESSAGES.pointRequired)
    .max(100_000_000, CHARGE_MESSAGES.pointTooLarge),
  method: z.enum(TOSS_METHODS, { error: TOSS_MESSAGES.methodInvalid }),
  feeType: z.union([z.enum(FEE_TYPES), z.literal('')], { error: CHARGE_MESSAGES.feeTypeInvalid }).nullish(),
  feeValue: z.unknown().optional(),
});
export type TossChargeRequestInput = z.input<typeof tossChargeRequestSchema>;

/** What the storefront hands `requestPayment`: the server's amount and the charge's own id as orderId. */
export interface TossCheckout {
  chargeId: number;
  clientKey: string;
  customerKey: string;
  method: TossMethod;
  orderId: string;
  orderName: string;
  amount: number;
  point: number;
  cashReceipt: TossCashReceiptType | null;
}

/** The success redirect's query (paymentKey, orderId, amount), posted back by our success page. */
export const tossConfirmSchema = z.object({
  paymentKey: z
    .string({ error: TOSS_MESSAGES.failed })
    .trim()
    .min(1, TOSS_MESSAGES.failed)
    .max(200, TOSS_MESSAGES.failed),
  orderId: z
    .string({ error: TOSS_MESSAGES.chargeUnknown })
    .trim()
    .min(1, TOSS_MESSAGES.chargeUnknown)
    .max(64, TOSS_MESSAGES.chargeUnknown),
  amount: z.coerce
    .number({ error: TOSS_MESSAGES.amountMismatch })
    .int(TOSS_MESSAGES.amountMismatch)
    .nonnegative(TOSS_MESSAGES.amountMismatch),
});
export type TossConfirmInput = z.input<typeof tossConfirmSchema>;

/** The fail redirect's query (code, message, orderId), posted back by our fail page. */
export const tossFailSchema = z.object({
  orderId: z
    .string({ error: TOSS_MESSAGES.chargeUnknown })
    .trim()
    .min(1, TOSS_MESSAGES.chargeUnknown)
    .max(64, TOSS_MESSAGES.chargeUnknown),
  code: z.string().max(100).optional(),
  message: z.string().max(500).optional(),
});

export interface TossVirtualAccount {
  bankCode: string;
  accountNumber: string;
  customerName: string | null;
  dueDate: string;
}

/** The answer of confirm: where the charge stands now. */
export interface TossConfirmResult {
  chargeId: number;
  status: 'SUCCESS' | 'PENDING' | 'WAITING_FOR_DEPOSIT' | 'FAIL';
  message: string;
  point: number;
  amount: number;
  virtualAccount: TossVirtualAccount | null;
}

/** Toss's bank codes (two-digit numeric codes) to names, for the deposit panel. */
export const TOSS_BANKS: Record<string, string> = {
  '02': 'KDB산업은행',
  '03': 'IBK기업은행',
  '04': 'KB국민은행',
  '07': 'Sh수협은행',
  '11': 'NH농협은행',
  '20': '우리은행',
  '23': 'SC제일은행',
  '27': '씨티은행',
  '31': '아이엠뱅크',
  '32': '부산은행',
  '34': '광주은행',
  '35': '제주은행',
  '37': '전북은행',
  '39': '경남은행',
  '45': '새마을금고',
  '48': '신협',
  '71': '우체국예금보험',
  '81': '하나은행',
  '88': '신한은행',
  '89': '케이뱅크',
  '90': '카카오뱅크',
  '92': '토스뱅크',
};

export const tossOrderId = (chargeId: number) => `charge-${chargeId}`;
export function chargeIdOfOrder(orderId: string): number | null {
  const match = /^charge-(\d{1,9})$/.exec(orderId);
  return match ? Number(match[1]) : null;
}

/** Referral summary on the account page. */
export interface ReferralSummary {
  code: string | null;
  joined: number;
  earned: number;
  rate: number;
}
