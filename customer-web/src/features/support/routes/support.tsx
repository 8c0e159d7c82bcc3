import { Link, useSearchParams } from 'react-router-dom';
import { Card, PageTitle } from '../../../components/ui/card';
import { formatDateTime, swapFlags } from '../../../lib/format';
import { TICKET_STATUS_LABELS, TICKET_TYPE_LABELS, TICKET_TYPES, type TicketType } from '../../../lib/contracts';
import { useTickets } from '../api/get-tickets';
import { TicketForm } from '../components/ticket-form';

/** /support: a new 1:1 문의 (prefilled from an order's 문의 button: ?type=REFILL&orders=123) and the member's tickets. */
export default function SupportRoute() {
  const [params] = useSearchParams();
  const { data = [], isPending } = useTickets();
  const type = params.get('type');
  return (
    <div className="page narrow">
      <PageTitle sub="주문과 관련된 문의는 주문번호를 함께 적어 주세요. 리필·취소 요청은 바로 처리됩니다.">
        1:1 문의
      </PageTitle>
      <Card title="새 문의">
        <TicketForm
          type={TICKET_TYPES.includes(type as TicketType) ? (type as TicketType) : undefined}
          orders={params.get('orders') ?? undefined}
          subject={params.get('subject') ?? undefined}
        />
      </Card>
      <Card title="문의 내역">
        {data.length ? (
          <ul className="ticket-list">
            {data.map((t) => (
              <li key={t.id}>
                <Link to={`/support/${t.id}`} className="ticket-row">
                  <span
                    className={`status status-${t.status === 'ANSWERED' ? 'ok' : t.status === 'OPEN' ? 'info' : 'muted'}`}
                  >
                    {TICKET_STATUS_LABELS[t.status]}
                  </span>
                  <span className="ticket-subject">
                    [{TICKET_TYPE_LABELS[t.type]}] {swapFlags(t.subject)}
                  </span>
                  <span className="muted">{formatDateTime(t.lastMessageAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{isPending ? '불러오는 중...' : '문의 내역이 없습니다.'}</p>
        )}
      </Card>
    </div>
  );
}
