import { z } from 'zod';
import type { ChargeStatus } from './statuses.js';

/**
 * Bank-transfer charges (docs/product.md §3 "Charge request", §5 "Charge", §8 "Charge"): the request the /point
 * form sends, its rules with the spec's Korean messages, and the shapes the server answers.
 */
export const CHARGE_MESSAGES = {
  nameRequired: '이름을 입력해 주세요.',
  nameTooLong: '입금자명은 20자 이하로 입력해 주세요.',
  pointRequired: '충전금액을 설정해주세요',
  pointTooLarge: '1회 충전금액은 100,000,000원 이하로 설정해주세요',
  feeTypeInvalid: '증빙 유형을 선택해 주세요.',
  feeTypeNotAllowed: '선택할 수 없는 증빙 유형입니다.',
  companyRequired: '상호를 입력해 주세요.',
  businessNumberInvalid: '사업자등록번호 10자리를 입력해 주세요.',
  leaderRequired: '대표자명을 입력해 주세요.',
  contactPhoneInvalid: '연락처를 올바르게 입력해 주세요.',
  jobTypeRequired: '업태를 입력해 주세요.',
  jobType2Required: '종목을 입력해 주세요.',
  addressRequired: '주소를 입력해 주세요.',
  emailInvalid: '이메일 형식을 맞춰주세요',
  receiptPhoneInvalid: '휴대전화 번호가 올바르지 않습니다',
  /** §8: what the SPA toasts when the request fails, whatever the reason. */
  requestFailed: '오류가 발생했습니다 잠시 후 시도해 주세요.',
  /** §8: what the SPA toasts on success, above the deposit-instruction panel. */
  requestSuccess: '아래 정보를 확인해주세요.',
  tooManyOpen: '입금 대기 중인 충전 요청이 너무 많습니다. 입금하시거나 3시간 후 다시 시도해 주세요.',
  accountNotConfigured: '입금 계좌가 준비되지 않았습니다. 고객센터에 문의해 주세요.',
} as const;

/**
 * The operator's refund of an accepted bank-transfer charge: the won go back to the member by a bank
 * transfer made outside the product; the command records it and takes the points back in proportion.
 */
export const BANK_REFUND_MESSAGES = {
  notBankTransfer:
    '계좌이체(무통장 입금)로 충전된 요청만 금액으로 환불할 수 있습니다. 토스 결제는 포인트로 환불해 주세요.',
  notAccepted: '승인된 충전만 환불할 수 있습니다.',
  amountRequired: '환불할 금액(원)을 1원 이상 입력해 주세요.',
  amountTooLarge: '환불할 금액이 아직 환불되지 않은 입금액보다 많습니다.',
  reasonRequired: '환불 사유를 입력해 주세요.',
  reasonTooLong: '환불 사유는 200자 이하로 입력해 주세요.',
} as const;

/** `POST /api/admin/charges/:id/refund` for a bank-transfer charge: won of what the member paid, and why. */
export const bankRefundSchema = z.object({
  amount: z
    .number({ error: BANK_REFUND_MESSAGES.amountRequired })
    .int(BANK_REFUND_MESSAGES.amountRequired)
    .positive(BANK_REFUND_MESSAGES.amountRequired)
    .max(1_000_000_000, BANK_REFUND_MESSAGES.amountTooLarge),
  reason: z
    .string({ error: BANK_REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, BANK_REFUND_MESSAGES.reasonRequired)
    .max(200, BANK_REFUND_MESSAGES.reasonTooLong),
});

/** What a bank refund answers (and an approved one's result): the figures it wrote. */
export interface BankRefundResult {
  chargeId: number;
  /** Won recorded as sent back by this refund. */
  amount: number;
  /** Points this refund took back: `taken` from the balance, `unrecovered` recorded as the member's debt. */
  point: number;
  taken: number;
  unrecovered: number;
  /** The CHARGE_REFUND ledger reference (type `bank-refund`). */
  reference: string;
  refundedAmount: number;
  refundedPoint: number;
  status: ChargeStatus;
}

/** docs/product.md §4 "Payment kind": none, tax invoice (FEE, +10 %), cash receipt (CASH). */
export const FEE_TYPES = ['NONE', 'FEE', 'CASH'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** What the storefront calls each choice (신청 안함: no receipt asked for). */
export const FEE_TYPE_LABELS = { NONE: '신청 안함', FEE: '세금계산서', CASH: '현금영수증' } as const satisfies Record<
  FeeType,
  string
>;

/** docs/product.md §4 "Payment record status" (statuses.ts, with its labels and moves). */
export { CHARGE_MOVES, CHARGE_STATUS_LABELS, CHARGE_STATUSES, ChargeStatus } from './statuses.js';

/**
 * Which fee-type choices the form offers (and the server accepts) for each ENABLE_PAYMENT_TYPE value:
 * ALL offers all three; CASH_AND_FEE requires some receipt (tax invoice or cash receipt); FEE and
 * CASH allow only that receipt; NO_FEE offers no receipt at all.
 */
export const FEE_TYPES_BY_PAYMENT_TYPE = {
  ALL: ['NONE', 'FEE', 'CASH'],
  CASH_AND_FEE: ['FEE', 'CASH'],
  FEE: ['FEE'],
  CASH: ['CASH'],
  NO_FEE: ['NONE'],
} as const satisfies Record<string, readonly FeeType[]>;

export function allowedFeeTypes(paymentType: string): readonly FeeType[] {
  return (
    FEE_TYPES_BY_PAYMENT_TYPE[paymentType as keyof typeof FEE_TYPES_BY_PAYMENT_TYPE] ?? FEE_TYPES_BY_PAYMENT_TYPE.ALL
  );
}

/** Hours a request waits for its deposit before it fails by itself (docs/product.md §4, §9). */
export const CHARGE_DEADLINE_HOURS = 3;

/**
 * What a charge costs (README "Payment fee"): the points, the 부가세 on top, and the total to deposit.
 * With ENABLE_PAYMENT_FEE on, a tax invoice (FEE) adds 10 % VAT on top of the points, rounded down to
 * whole won; with it off the points price already includes VAT and the deposit equals the points.
 * A cash receipt or no receipt never adds anything. The form, the deposit panel, the Toss window and
 * the server all compute through this one function; integer arithmetic only.
 */
export interface ChargeAmounts {
  point: bigint;
  fee: bigint;
  total: bigint;
}

export function chargeAmounts(point: bigint, feeType: FeeType, feeEnabled: boolean): ChargeAmounts {
  const fee = feeEnabled && feeType === 'FEE' && point > 0n ? point / 10n : 0n;
  return { point, fee, total: point + fee };
}

/** The total to deposit (or pay through Toss) for `point` points: chargeAmounts(...).total. */
export function depositAmountFor(point: bigint, feeType: FeeType, feeEnabled: boolean): bigint {
  return chargeAmounts(point, feeType, feeEnabled).total;
}

/** ENABLE_PAYMENT_FEE as the settings answer it (a switch: true, or "true" from a string map). */
export const paymentFeeEnabled = (value: unknown): boolean => value === true || value === 'true';

const MAX_POINT = 100_000_000;

const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, message);
const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Tax invoice (세금계산서) details, docs/product.md §3 feeValue. */
export const taxInvoiceSchema = z.object({
  company: text(CHARGE_MESSAGES.companyRequired),
  businessNumber: z
    .string({ error: CHARGE_MESSAGES.businessNumberInvalid })
    .transform(digits)
    .refine((v) => /^\d{10}$/.test(v), CHARGE_MESSAGES.businessNumberInvalid),
  leader: text(CHARGE_MESSAGES.leaderRequired, 50),
  phone: z
    .string({ error: CHARGE_MESSAGES.contactPhoneInvalid })
    .transform(digits)
    .refine((v) => /^\d{9,11}$/.test(v), CHARGE_MESSAGES.contactPhoneInvalid),
  jobType: text(CHARGE_MESSAGES.jobTypeRequired, 50),
  jobType2: text(CHARGE_MESSAGES.jobType2Required, 50),
  address: text(CHARGE_MESSAGES.addressRequired, 200),
  email: z
    .string({ error: CHARGE_MESSAGES.emailInvalid })
    .trim()
    .max(254, CHARGE_MESSAGES.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CHARGE_MESSAGES.emailInvalid),
});
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

/** Cash receipt (현금영수증): the mobile number it is issued to, 11 digits (docs/product.md §5 phone rule). */
export const cashReceiptSchema = z.object({
  phone: z
    .string({ error: CHARGE_MESSAGES.receiptPhoneInvalid })
    .transform(digits)
    .refine((v) => /^\d{11}$/.test(v), CHARGE_MESSAGES.receiptPhoneInvalid),
});
export type CashReceipt = z.infer<typeof cashReceiptSchema>;

export type ChargeRequest =
  | { name: string; point: number; feeType: 'NONE'; feeValue: null }
  | { name: string; point: number; feeType: 'FEE'; feeValue: TaxInvoice }
  | { name: string; point: number; feeType: 'CASH'; feeValue: CashReceipt };

/**
 * `POST /api/service/point` body {name, point, feeType, feeValue}. feeType may be left out (NONE);
 * feeValue is read only for FEE (all eight fields) and CASH (phone). Whether the site offers the
 * chosen fee type (ENABLE_PAYMENT_TYPE) is checked by the server against the current setting.
 */
export const chargeRequestSchema = z
  .object({
    name: z
      .string({ error: CHARGE_MESSAGES.nameRequired })
      .trim()
      .min(1, CHARGE_MESSAGES.nameRequired)
      .max(20, CHARGE_MESSAGES.nameTooLong),
    point: z
      .number({ error: CHARGE_MESSAGES.pointRequired })
      .int(CHARGE_MESSAGES.pointRequired)
      .positive(CHARGE_MESSAGES.pointRequired)
      .max(MAX_POINT, CHARGE_MESSAGES.pointTooLarge),
    // '' (an HTML select's "none") and a missing value both mean NONE.
    feeType: z.union([z.enum(FEE_TYPES), z.literal('')], { error: CHARGE_MESSAGES.feeTypeInvalid }).nullish(),
    feeValue: z.unknown().optional(),
  })
  .transform((body, ctx): ChargeRequest => {
    const { name, point } = body;
    const feeType = body.feeType || 'NONE';
    if (feeType === 'NONE') return { name, point, feeType, feeValue: null };
    const schema = feeType === 'FEE' ? taxInvoiceSchema : cashReceiptSchema;
    const parsed = schema.safeParse(body.feeValue ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['feeValue', ...issue.path] });
      return z.NEVER;
    }
    return feeType === 'FEE'
      ? { name, point, feeType, feeValue: parsed.data as TaxInvoice }
      : { name, point, feeType, feeValue: parsed.data as CashReceipt };
  });
export type ChargeRequestInput = z.input<typeof chargeRequestSchema>;

/** The answer to a charge request: what the deposit-instruction panel shows. Money in whole won. */
export interface ChargeInstructions {
  chargeId: number;
  status: ChargeStatus;
  /** The depositor name the transfer must carry. */
  name: string;
  feeType: FeeType;
  /** Points credited once the deposit is confirmed. */
  point: number;
  /** 부가세 added on top (tax invoice with ENABLE_PAYMENT_FEE on), else 0. */
  fee: number;
  /** What to transfer: point + fee. */
  depositAmount: number;
  bankName: string;
  accountNumber: string;
  /** BANKING_DISPLAY_TEXT, e.g. 예금주: 주식회사 팔로우랩. */
  displayText: string;
  bankCode: string;
  createdAt: string;
  /** createdAt + 3 h: after it the request fails by itself. */
  deadline: string;
}

/** One row of `GET /api/service/point-history` (docs/product.md §3 "Point charge"). */
export interface ChargeHistoryItem {
  id: number;
  createdAt: string;
  point: number;
  status: ChargeStatus;
  responseAt: string | null;
}
