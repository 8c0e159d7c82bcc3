import {
  DateField,
  FunctionField,
  NumberField,
  useRecordContext,
  type DateFieldProps,
  type NumberFieldProps,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import { swapFlags } from './flags';
import { webLink } from '../../../server/src/contracts/order-links.js';
import {
  AUTO_ORDER_STATUS_LABELS,
  CHARGE_STATUS_LABELS,
  DISPATCH_STATUS_LABELS,
  LEDGER_KIND_LABELS,
  ORDER_STATUS_LABELS,
} from '../../../server/src/contracts/statuses.js';

/** Whole won, no fraction digits (docs/product.md §9). */
/** An amount in won as the console writes it: 1,234원. */
export const won = (n: number | string) => `${Number(n).toLocaleString('ko-KR')}원`;

export const WonField = (props: NumberFieldProps) => (
  <NumberField locales="ko-KR" options={{ maximumFractionDigits: 0 }} {...props} />
);

/** Year-month-day hour:minute:second (docs/product.md §9). */
export const DateTimeField = (props: DateFieldProps) => (
  <DateField
    showTime
    locales="ko-KR"
    options={{
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    }}
    {...props}
  />
);

type Tone = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';
export type StatusLabels = Record<string, { label: string; tone: Tone }>;

/** A vocabulary's Korean labels (server/src/contracts) with the console's colours, in the order of `tones`. */
export const toned = <S extends string>(labels: Readonly<Record<S, string>>, tones: Record<S, Tone>): StatusLabels =>
  Object.fromEntries((Object.keys(tones) as S[]).map((s) => [s, { label: labels[s], tone: tones[s] }]));

export const orderStatuses = toned(ORDER_STATUS_LABELS, {
  PENDING: 'default',
  PROCESSING: 'info',
  INPROGRESS: 'primary',
  COMPLETED: 'success',
  PARTIAL: 'warning',
  CANCELED: 'error',
});

/** Where fulfilment's placement of an order stands (its dispatch record); the warnings need an operator. */
export const dispatchStatuses = toned(DISPATCH_STATUS_LABELS, {
  DUE: 'default',
  CLAIMED: 'info',
  UNCERTAIN: 'error',
  SENT: 'primary',
  FLAGGED: 'warning',
  FINISHED: 'success',
  ORPHANED: 'default',
});

export const autoOrderStatuses = toned(AUTO_ORDER_STATUS_LABELS, {
  ACTIVE: 'primary',
  COMPLETED: 'success',
  PARTIAL: 'warning',
  CANCLED: 'error',
});

export const chargeStatuses = toned(CHARGE_STATUS_LABELS, { PENDING: 'warning', SUCCESS: 'success', FAIL: 'error' });

export const ledgerKinds = toned(LEDGER_KIND_LABELS, {
  CHARGE: 'success',
  ORDER: 'primary',
  REFUND: 'info',
  ADJUST: 'warning',
  FORFEIT: 'error',
  CHARGE_REFUND: 'error',
  REFERRAL: 'success',
  CHARGE_BONUS: 'success',
  COUPON: 'success',
});

/** Choices for a SelectInput from a vocabulary's labels (server/src/contracts), in their order. */
export const labelChoices = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

/** Choices for a SelectInput from a label table. */
export const choicesOf = (labels: StatusLabels) =>
  Object.entries(labels).map(([id, { label }]) => ({ id, name: label }));

/** A coloured chip with the Korean label of a status-like value. */
export const StatusField = ({
  source,
  labels,
}: {
  source: string;
  labels: StatusLabels;
  label?: string;
  sortable?: boolean;
}) => {
  const record = useRecordContext();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  const entry = labels[value];
  return <Chip size="small" label={entry?.label ?? value} color={entry?.tone ?? 'default'} data-status={value} />;
};

/** A link shown as text that opens in a new tab (order links are customers' URLs); anything not http(s) stays plain text. */
export const LinkField = ({ source }: { source: string; label?: string; sortable?: boolean }) => (
  <FunctionField
    source={source}
    render={(record) => {
      if (!record[source]) return null;
      const text = String(record[source]).slice(0, 48);
      const href = webLink(record[source]);
      return href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" onClick={(e) => e.stopPropagation()}>
          {text}
        </a>
      ) : (
        <span data-testid="plain-link">{text}</span>
      );
    }}
  />
);

/** A text column that may hold flag emojis (service and category names): swapped where the system draws letters. */
export const FlagTextField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  return <span>{swapFlags(String(record?.[source] ?? ''))}</span>;
};
