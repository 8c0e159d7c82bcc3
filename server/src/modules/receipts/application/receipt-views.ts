import { FilterValueError } from '../../../shared/index.js';
import {
  maskIdentity,
  RECEIPT_MESSAGES,
  receiptMonthSchema,
  receiptOpen,
  type AdminReceiptView,
  type MemberReceiptView,
} from '../../../contracts/receipts.js';
import type { CashReceipt, TaxInvoice } from '../../../contracts/charge.js';
import type { Receipt } from '../domain/receipt.entity.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const KST_MS = 9 * 60 * 60 * 1000;

/** The first instant of a Korean calendar month (YYYY-MM) and of the next. */
export function koreanMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1) - KST_MS), end: new Date(Date.UTC(y, m, 1) - KST_MS) };
}

export function monthFilter(value: unknown) {
  const parsed = receiptMonthSchema.safeParse(value);
  if (!parsed.success) throw new FilterValueError(RECEIPT_MESSAGES.monthInvalid);
  const { start, end } = koreanMonthRange(parsed.data);
  return { createdAt: { $gte: start, $lt: end } };
}

export const customerOf = (r: Receipt) =>
  r.kind === 'TAX_INVOICE' ? (r.details as TaxInvoice).company : '개인 (휴대전화)';
export const identityOf = (r: Receipt) =>
  r.kind === 'TAX_INVOICE' ? (r.details as TaxInvoice).businessNumber : (r.details as CashReceipt).phone;

export function adminReceiptView(r: Receipt): AdminReceiptView {
  return {
    id: r.id,
    chargeId: r.chargeId,
    memberId: r.memberId,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
    supplyCost: Number(r.supplyCost),
    tax: Number(r.tax),
    refundedAmount: Number(r.refundedAmount),
    customer: customerOf(r),
    identity: maskIdentity(identityOf(r)),
    partnerKey: r.partnerKey,
    approvalNumber: r.approvalNumber,
    receiptUrl: r.receiptUrl,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    failure: r.failure,
    attempts: r.attempts,
    adjustments: r.adjustments,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function memberReceiptView(r: Receipt): MemberReceiptView {
  return {
    id: r.id,
    chargeId: r.chargeId,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
    approvalNumber: r.approvalNumber,
    receiptUrl: r.receiptUrl,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    // A transient error is the shop's business; a refusal the member can act on.
    failure: r.status === 'FAILED' ? r.failure : null,
    editable: receiptOpen(r.status),
    details: r.details,
  };
}
