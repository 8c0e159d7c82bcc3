import { DateField, FunctionField, NumberField, useRecordContext, type DateFieldProps, type NumberFieldProps } from 'react-admin';
import Chip from '@mui/material/Chip';

/** Whole won, no fraction digits (spec §9). */
export const WonField = (props: NumberFieldProps) => (
  <NumberField locales="ko-KR" options={{ maximumFractionDigits: 0 }} {...props} />
);

/** Year-month-day hour:minute:second (spec §9). */
export const DateTimeField = (props: DateFieldProps) => (
  <DateField showTime locales="ko-KR" options={{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }} {...props} />
);

type Tone = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';
export type StatusLabels = Record<string, { label: string; tone: Tone }>;

export const orderStatuses: StatusLabels = {
  PENDING: { label: '접수', tone: 'default' },
  PROCESSING: { label: '대기', tone: 'info' },
  INPROGRESS: { label: '진행중', tone: 'primary' },
  COMPLETED: { label: '완료', tone: 'success' },
  PARTIAL: { label: '부분완료', tone: 'warning' },
  CANCELED: { label: '취소', tone: 'error' },
};

export const autoOrderStatuses: StatusLabels = {
  ACTIVE: { label: '진행중', tone: 'primary' },
  COMPLETED: { label: '완료', tone: 'success' },
  PARTIAL: { label: '부분완료', tone: 'warning' },
  CANCLED: { label: '취소', tone: 'error' },
};

export const chargeStatuses: StatusLabels = {
  PENDING: { label: '대기', tone: 'warning' },
  SUCCESS: { label: '수락', tone: 'success' },
  FAIL: { label: '거절', tone: 'error' },
};

export const ledgerKinds: StatusLabels = {
  CHARGE: { label: '충전', tone: 'success' },
  ORDER: { label: '주문', tone: 'primary' },
  REFUND: { label: '환불', tone: 'info' },
  ADJUST: { label: '조정', tone: 'warning' },
  FORFEIT: { label: '탈퇴 소멸', tone: 'error' },
  CHARGE_REFUND: { label: '결제 환불', tone: 'error' },
  REFERRAL: { label: '추천 적립', tone: 'success' },
};

/** Choices for a SelectInput from a label table. */
export const choicesOf = (labels: StatusLabels) => Object.entries(labels).map(([id, { label }]) => ({ id, name: label }));

/** A coloured chip with the Korean label of a status-like value. */
export const StatusField = ({ source, labels }: { source: string; labels: StatusLabels; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  const entry = labels[value];
  return <Chip size="small" label={entry?.label ?? value} color={entry?.tone ?? 'default'} data-status={value} />;
};

/** A link shown as text that opens in a new tab (order links are customers' URLs). */
export const LinkField = ({ source }: { source: string; label?: string; sortable?: boolean }) => (
  <FunctionField
    source={source}
    render={(record) =>
      record[source] ? (
        <a href={String(record[source])} target="_blank" rel="noreferrer noopener" onClick={(e) => e.stopPropagation()}>
          {String(record[source]).slice(0, 48)}
        </a>
      ) : null
    }
  />
);

