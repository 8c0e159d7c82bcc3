import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** Spec §5 and §8: point charge (bank transfer) rules and messages. */
export const CHARGE_MESSAGES = {
  nameRequired: '이름을 입력해 주세요.',
  pointRequired: '충전금액을 설정해주세요',
  chargeFailed: '오류가 발생했습니다 잠시 후 시도해 주세요.',
  chargeSuccess: '아래 정보를 확인해주세요.',
} as const;

/** Payment kinds (spec §4): NONE, tax invoice (FEE), cash receipt (CASH). */
export const FEE_TYPES = ['NONE', 'FEE', 'CASH'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** Tax-invoice fields, with the form's labels; a cash receipt asks for `phone` only. */
export const TAX_INVOICE_FIELDS = [
  { name: 'company', label: '상호', message: '상호를 입력해 주세요.' },
  { name: 'businessNumber', label: '사업자등록번호', message: '사업자등록번호를 입력해 주세요.' },
  { name: 'leader', label: '대표자명', message: '대표자명을 입력해 주세요.' },
  { name: 'phone', label: '연락처', message: '연락처를 입력해 주세요.' },
  { name: 'jobType', label: '업태', message: '업태를 입력해 주세요.' },
  { name: 'jobType2', label: '종목', message: '종목을 입력해 주세요.' },
  { name: 'address', label: '사업장 주소', message: '사업장 주소를 입력해 주세요.' },
  { name: 'email', label: '이메일', message: '이메일을 입력해 주세요.' },
] as const;
export type FeeValueField = (typeof TAX_INVOICE_FIELDS)[number]['name'];
export const CASH_RECEIPT_PHONE_MESSAGE = '현금영수증 발급 번호를 입력해 주세요.';

/** The charge limit a single request may ask for. */
export const MAX_CHARGE_POINT = 100_000_000;

const feeValueSchema = z.object(
  Object.fromEntries(TAX_INVOICE_FIELDS.map((f) => [f.name, z.string().trim().max(200, MESSAGES.formInvalid).default('')])) as Record<
    FeeValueField,
    z.ZodDefault<z.ZodString>
  >,
);

/** POST /service/point: {name, point, feeType, feeValue}. */
export const chargeSchema = z
  .object({
    name: z.string({ error: CHARGE_MESSAGES.nameRequired }).trim().min(1, CHARGE_MESSAGES.nameRequired).max(50, MESSAGES.formInvalid),
    point: z
      .number({ error: CHARGE_MESSAGES.pointRequired })
      .int(CHARGE_MESSAGES.pointRequired)
      .positive(CHARGE_MESSAGES.pointRequired)
      .max(MAX_CHARGE_POINT, MESSAGES.formInvalid),
    feeType: z.enum(FEE_TYPES, { error: MESSAGES.formInvalid }).default('NONE'),
    feeValue: feeValueSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    const fee: Partial<Record<FeeValueField, string>> = value.feeValue ?? {};
    const missing = (name: FeeValueField, message: string) => {
      if (!fee[name]) ctx.addIssue({ code: 'custom', path: ['feeValue', name], message });
    };
    if (value.feeType === 'FEE') for (const f of TAX_INVOICE_FIELDS) missing(f.name, f.message);
    if (value.feeType === 'CASH') missing('phone', CASH_RECEIPT_PHONE_MESSAGE);
  });
export type ChargeInput = z.infer<typeof chargeSchema>;
export type ChargeFormValues = z.input<typeof chargeSchema>;

/**
 * The fee types a customer may pick: ENABLE_PAYMENT_FEE off offers none of them, else ENABLE_PAYMENT_TYPE says which
 * (ALL: none, tax invoice, cash receipt; CASH_AND_FEE: tax invoice, cash receipt; FEE; CASH; NO_FEE: none).
 */
export function chargeFeeTypes(paymentType: string, feeEnabled: boolean): FeeType[] {
  if (!feeEnabled) return ['NONE'];
  switch (paymentType) {
    case 'CASH_AND_FEE':
      return ['FEE', 'CASH'];
    case 'FEE':
      return ['FEE'];
    case 'CASH':
      return ['CASH'];
    case 'NO_FEE':
      return ['NONE'];
    default:
      return ['NONE', 'FEE', 'CASH'];
  }
}

/** What to transfer: a tax invoice adds 10 percent (amount × 1.1, rounded up to whole won). */
export const chargeDepositAmount = (point: number, feeType: FeeType) => (feeType === 'FEE' ? point + Math.ceil(point / 10) : point);
