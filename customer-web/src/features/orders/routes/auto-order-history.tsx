import type { Column } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatNumber, swapFlags, won } from '../../../lib/format';
import { useAutoOrderHistory, type AutoOrder } from '../api/get-auto-order-history';
import { HistoryPage, LinkCell } from '../components/history-page';
import { AskCell } from '../components/ask-cell';
import { AUTO_ORDER_CHIPS, AUTO_ORDER_STATUS_LABEL, type AutoOrderChip } from '../lib/statuses';

/** /auto-order-history (docs/product.md §2 columns). */
export default function AutoOrderHistoryRoute() {
  const columns: Column<AutoOrder>[] = [
    { header: '주문번호', cell: (o) => o.id },
    { header: '주문일시', cell: (o) => formatDateTime(o.createdAt), className: 'nowrap' },
    { header: '링크', cell: (o) => <LinkCell link={o.link} /> },
    { header: '최종 사용금액', cell: (o) => won(o.point), className: 'num' },
    { header: '회당 수량', cell: (o) => formatNumber(o.amount), className: 'num' },
    { header: '상품', cell: (o) => swapFlags(o.service), className: 'wide' },
    { header: '완료/반복', cell: (o) => `${formatNumber(o.completed)}/${formatNumber(o.runs)}`, className: 'num' },
    { header: '간격', cell: (o) => `${formatNumber(o.interval)}분`, className: 'num' },
    { header: '최종 수량', cell: (o) => formatNumber(o.totalAmount), className: 'num' },
    {
      header: '상태',
      cell: (o) => <StatusBadge status={o.status} label={AUTO_ORDER_STATUS_LABEL[o.status] ?? o.status} />,
    },
    { header: '문의', cell: (o) => <AskCell autoOrderId={o.id} type="OTHER" /> },
  ];
  return (
    <HistoryPage<AutoOrder, AutoOrderChip>
      title="자동주문 내역"
      chips={AUTO_ORDER_CHIPS}
      useRows={useAutoOrderHistory}
      columns={columns}
    />
  );
}
