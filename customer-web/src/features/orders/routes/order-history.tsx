import type { Column } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatNumber, startCountText, swapFlags, won } from '../../../lib/format';
import { useOrderHistory, type Order } from '../api/get-order-history';
import { HistoryPage, LinkCell } from '../components/history-page';
import { RefillCell } from '../components/refill-cell';
import { CancelCell } from '../components/cancel-cell';
import { AskCell } from '../components/ask-cell';
import { ORDER_CHIPS, ORDER_STATUS_LABEL, type OrderChip } from '../lib/statuses';

/** /order-history (docs/product.md §2 columns). */
export default function OrderHistoryRoute() {
  const columns: Column<Order>[] = [
    { header: '주문번호', cell: (o) => o.id },
    { header: '주문일시', cell: (o) => formatDateTime(o.createdAt), className: 'nowrap' },
    {
      header: '상품',
      cell: (o) =>
        o.comments ? (
          <>
            {swapFlags(o.service)}
            <details className="order-comments">
              <summary>댓글 {formatNumber(o.comments.split('\n').length)}개 보기</summary>
              <p className="pre">{o.comments}</p>
            </details>
          </>
        ) : (
          swapFlags(o.service)
        ),
      className: 'wide',
    },
    { header: '링크', cell: (o) => <LinkCell link={o.link} /> },
    { header: '사용금액', cell: (o) => won(o.point), className: 'num' },
    { header: '수량', cell: (o) => formatNumber(o.amount), className: 'num' },
    { header: '상태', cell: (o) => <StatusBadge status={o.status} label={ORDER_STATUS_LABEL[o.status] ?? o.status} /> },
    { header: '주문전 수량', cell: (o) => startCountText(o.startCount), className: 'num' },
    {
      header: '남은 수량',
      cell: (o) => (o.remains === null || o.remains === undefined ? '' : formatNumber(o.remains)),
      className: 'num',
    },
    { header: '리필', cell: (o) => <RefillCell order={o} /> },
    { header: '취소', cell: (o) => <CancelCell order={o} /> },
    {
      header: '문의',
      cell: (o) => <AskCell orderId={o.id} type={o.actions?.refill.allowed ? 'REFILL' : undefined} />,
    },
  ];
  return (
    <HistoryPage<Order, OrderChip> title="주문내역" chips={ORDER_CHIPS} useRows={useOrderHistory} columns={columns} />
  );
}
