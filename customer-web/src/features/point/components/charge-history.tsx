import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { Pagination, usePaged } from '../../../components/ui/pagination';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, won } from '../../../lib/format';
import type { ChargeHistoryItem, ChargeStatus } from '../../../lib/contracts';
import { usePointHistory } from '../api/get-point-history';
import { useReceipts } from '../api/receipts';
import { ReceiptCell } from './receipt-cell';

const STATUS_LABEL: Record<ChargeStatus, string> = { PENDING: '대기', SUCCESS: '수락', FAIL: '거절' };

export function ChargeHistory() {
  const { data = [], isPending } = usePointHistory();
  const { page, setPage, pageCount, pageRows } = usePaged(data, 10);
  const { data: receipts = [] } = useReceipts();
  const receiptOf = (chargeId: number) => receipts.find((r) => r.chargeId === chargeId);
  return (
    <Card title="충전 내역" actions={<span className="muted small">최근 3개월</span>}>
      <DataTable<ChargeHistoryItem>
        rows={pageRows}
        rowKey={(c) => c.id}
        loading={isPending}
        empty="최근 3개월 동안 충전 신청이 없습니다."
        columns={[
          { header: '번호', cell: (c) => c.id },
          { header: '신청시간', cell: (c) => formatDateTime(c.createdAt), className: 'nowrap' },
          { header: '금액', cell: (c) => won(c.point), className: 'num' },
          { header: '상태', cell: (c) => <StatusBadge status={c.status} label={STATUS_LABEL[c.status] ?? c.status} /> },
          { header: '처리시간', cell: (c) => formatDateTime(c.responseAt), className: 'nowrap' },
          { header: '증빙', cell: (c) => <ReceiptCell receipt={receiptOf(c.id)} /> },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} />
    </Card>
  );
}
