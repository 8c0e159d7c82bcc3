import { useState, type FormEvent } from 'react';
import { RECEIPT_KIND_LABELS, RECEIPT_STATUS_LABELS, type MemberReceiptView } from '../../../lib/contracts';
import type { TaxInvoice } from '../../../lib/contracts';
import { CHARGE_MESSAGES } from '../../../lib/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useFixReceipt } from '../api/receipts';

const TONE = { PENDING: 'muted', ISSUED: 'ok', FAILED: 'bad', CANCELED: 'bad', MANUAL: 'ok' } as const;

/** One charge's 증빙 in the history: its status, a link or 승인번호 once issued, and a fix while it waits. */
export function ReceiptCell({ receipt }: { receipt: MemberReceiptView | undefined }) {
  const [editing, setEditing] = useState(false);
  const fix = useFixReceipt();
  if (!receipt) return <span className="muted">-</span>;
  const isInvoice = receipt.kind === 'TAX_INVOICE';
  const current = isInvoice
    ? (receipt.details as TaxInvoice).businessNumber
    : (receipt.details as { phone: string }).phone;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('value') ?? '');
    const feeValue = isInvoice ? { ...(receipt.details as TaxInvoice), businessNumber: value } : { phone: value };
    fix.mutate({ id: receipt.id, feeValue }, { onSuccess: () => setEditing(false) });
  };
  return (
    <div className="receipt-cell" data-testid={`receipt-${receipt.chargeId}`}>
      <span className={`status status-${TONE[receipt.status]}`}>
        {RECEIPT_KIND_LABELS[receipt.kind]} {RECEIPT_STATUS_LABELS[receipt.status]}
      </span>
      {receipt.receiptUrl ? (
        <>
          {' '}
          <a href={receipt.receiptUrl} target="_blank" rel="noreferrer">
            보기
          </a>
        </>
      ) : receipt.approvalNumber ? (
        <div className="muted small">승인번호 {receipt.approvalNumber}</div>
      ) : null}
      {receipt.failure ? <div className="field-error">{receipt.failure}</div> : null}
      {receipt.editable && !editing ? (
        <button type="button" className="link-button small" onClick={() => setEditing(true)}>
          {isInvoice ? '사업자번호 수정' : '휴대전화 수정'}
        </button>
      ) : null}
      {editing ? (
        <form onSubmit={submit} className="receipt-fix">
          <input
            name="value"
            defaultValue={current}
            aria-label={isInvoice ? '사업자등록번호' : '휴대전화 번호'}
            inputMode="numeric"
          />
          <button type="submit" disabled={fix.isPending}>
            저장
          </button>
          {fix.error ? (
            <div className="field-error">{errorMessage(fix.error, CHARGE_MESSAGES.requestFailed)}</div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
