import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { refusalMessage } from '../../../lib/api-client';
import { SUBSCRIPTION_MOVES } from '../../../lib/contracts';
import { formatDateTime, formatNumber, won } from '../../../lib/format';
import { useCancelSubscription, useSubscriptions, type MemberSubscription } from '../api/subscriptions';
import { HistoryTabs } from '../components/history-tabs';

/** A subscription that may still end as CANCELED (running or paused). */
const cancelable = (s: MemberSubscription) => SUBSCRIPTION_MOVES[s.status].includes('CANCELED');

function CancelSubscription({ subscription }: { subscription: MemberSubscription }) {
  const cancel = useCancelSubscription();
  if (!cancelable(subscription))
    return subscription.refunded > 0 ? <span className="refill-state">환불 {won(subscription.refunded)}</span> : null;
  // Forwarded to the provider: the posts it has not ordered are refunded once it confirms.
  if (subscription.cancelRequested) return <span className="refill-state">취소 요청됨</span>;
  const run = async () => {
    if (!window.confirm('구독을 취소할까요? 사용하지 않은 금액은 포인트로 환불됩니다.')) return;
    try {
      const answer = await cancel.mutateAsync(subscription.id);
      toast.success(
        answer.cancelRequested
          ? '공급사에 취소를 요청했습니다. 공급사가 확인하면 아직 주문되지 않은 게시물 금액을 환불합니다.'
          : `구독을 취소했습니다. ${won(answer.refunded)}을 환불했습니다.`,
      );
    } catch (error) {
      toast.error(refusalMessage(error, '구독을 취소하지 못했습니다.'));
    }
  };
  return (
    <Button variant="ghost" className="btn-small" disabled={cancel.isPending} onClick={() => void run()}>
      구독 취소
    </Button>
  );
}

/** /subscription-history: the member's subscriptions (자동 좋아요), their posts so far, and a cancel while running. */
export default function SubscriptionHistoryRoute() {
  const { data, isPending } = useSubscriptions();
  const columns: Column<MemberSubscription>[] = [
    { header: '구독번호', cell: (s) => s.id },
    { header: '신청일시', cell: (s) => formatDateTime(s.createdAt), className: 'nowrap' },
    { header: '계정', cell: (s) => s.username },
    { header: '게시물당 수량', cell: (s) => `${formatNumber(s.min)}~${formatNumber(s.max)}`, className: 'num' },
    {
      header: '게시물',
      // posts 0: open-ended until its expiry.
      cell: (s) => `${formatNumber(s.postsUsed)}/${s.posts === 0 ? '무제한' : formatNumber(s.posts)}`,
      className: 'num',
    },
    { header: '지연', cell: (s) => `${formatNumber(s.delay)}분`, className: 'num' },
    { header: '만료일', cell: (s) => s.expiry ?? '-', className: 'nowrap' },
    {
      header: '결제/사용',
      // Open-ended: each post's order is paid when placed (debited), besides any prepayment.
      cell: (s) => `${won(s.point + s.debited)} / ${won(s.used + s.debited)}`,
      className: 'num',
    },
    {
      header: '상태',
      cell: (s) => (
        <>
          <StatusBadge status={s.status} label={s.statusLabel} />
          {s.pauseReason ? <span className="refill-state">{s.pauseReason}</span> : null}
        </>
      ),
    },
    { header: '', cell: (s) => <CancelSubscription subscription={s} /> },
  ];
  return (
    <div className="page">
      <PageTitle sub="새 게시물마다 주문이 자동으로 만들어지며, 주문 내역에서도 볼 수 있습니다.">구독 내역</PageTitle>
      <HistoryTabs />
      <section className="card">
        <DataTable
          columns={columns}
          rows={data ?? []}
          rowKey={(s) => s.id}
          loading={isPending}
          empty="구독 내역이 없습니다."
        />
      </section>
    </div>
  );
}
