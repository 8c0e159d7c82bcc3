import type { ChipOption } from '../../../components/ui/chips';
import type { AutoOrderStatus } from '../api/get-auto-order-history';
import type { OrderStatus } from '../api/get-order-history';

/** docs/product.md §4: PENDING received, PROCESSING waiting, INPROGRESS running, PARTIAL failed with a refund. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  PENDING: '접수완료',
  PROCESSING: '대기중',
  INPROGRESS: '진행중',
  COMPLETED: '완료',
  PARTIAL: '부분완료',
  CANCELED: '취소',
};

export type OrderChip = 'ALL' | OrderStatus;
/** Chips in the spec's order: all, pending, in-progress, completed, partial, processing, canceled. */
export const ORDER_CHIPS: ChipOption<OrderChip>[] = [
  { value: 'ALL', label: '전체' },
  ...(['PENDING', 'INPROGRESS', 'COMPLETED', 'PARTIAL', 'PROCESSING', 'CANCELED'] as const).map((s) => ({
    value: s,
    label: ORDER_STATUS_LABEL[s],
  })),
];

/** PARTIAL is shown as completed. */
export const AUTO_ORDER_STATUS_LABEL: Record<AutoOrderStatus, string> = {
  ACTIVE: '진행중',
  COMPLETED: '완료',
  PARTIAL: '완료',
  CANCLED: '취소',
};

/** The server's COMPLETED filter includes PARTIAL (shown as completed). */
export type AutoOrderChip = 'ALL' | 'ACTIVE' | 'COMPLETED' | 'CANCLED';
export const AUTO_ORDER_CHIPS: ChipOption<AutoOrderChip>[] = [
  { value: 'ALL', label: '전체' },
  { value: 'ACTIVE', label: '진행중' },
  { value: 'COMPLETED', label: '완료' },
  { value: 'CANCLED', label: '취소' },
];
