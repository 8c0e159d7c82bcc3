import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card, PageTitle } from '../../../components/ui/card';
import { refusalMessage } from '../../../lib/api-client';
import { formatDateTime, swapFlags } from '../../../lib/format';
import {
  ORDER_STATUS_LABELS,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type OrderStatus,
  type TicketView,
} from '../../../lib/contracts';
import { useCloseTicket } from '../api/close-ticket';
import { useTicket } from '../api/get-ticket';
import { useReplyTicket } from '../api/reply-ticket';
import { ImagePicker } from '../components/image-picker';
import { MessageText } from '../components/message-text';

const AUTHOR = { MEMBER: '나', OPERATOR: '운영자', SYSTEM: '자동 처리' } as const;

/** /support/:id: the thread, the linked orders with what may still be done with each, a reply and closing. */
export default function TicketRoute() {
  const id = Number(useParams().id);
  const { data: ticket, error } = useTicket(id);
  if (error) return <p className="page narrow muted">{refusalMessage(error, TICKET_MESSAGES.notFound)}</p>;
  if (!ticket) return <p className="page narrow muted">불러오는 중...</p>;
  return (
    <div className="page narrow">
      <PageTitle sub={`${TICKET_TYPE_LABELS[ticket.type]} · ${TICKET_STATUS_LABELS[ticket.status]}`}>
        {swapFlags(ticket.subject)}
      </PageTitle>
      <p>
        <Link to="/support">← 문의 내역</Link>
      </p>
      {ticket.orders.length ? <LinkedOrders ticket={ticket} /> : null}
      <Card title="대화">
        <ol className="ticket-thread">
          {ticket.messages.map((m) => (
            <li key={m.id} className={`ticket-message ticket-${m.author.toLowerCase()}`}>
              <header>
                <strong>{AUTHOR[m.author]}</strong> <span className="muted">{formatDateTime(m.createdAt)}</span>
              </header>
              <MessageText text={m.body} />
              {m.images.length ? (
                <div className="ticket-images">
                  {m.images.map((url) => (
                    <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="ticket-thumb">
                      <img src={url} alt="첨부 이미지" />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>
      <Reply ticket={ticket} />
    </div>
  );
}

function LinkedOrders({ ticket }: { ticket: TicketView }) {
  return (
    <Card title="문의한 주문">
      <ul className="ticket-orders">
        {ticket.orders.map((o) => (
          <li key={o.id}>
            <strong>주문 {o.id}</strong> {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} ·{' '}
            {swapFlags(o.service)}
            <span className="muted">
              {' '}
              리필: {o.actions.refill.allowed ? '요청 가능' : o.actions.refill.reason} · 취소:{' '}
              {o.actions.cancel.allowed ? '가능' : o.actions.cancel.reason}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Reply({ ticket }: { ticket: TicketView }) {
  const [body, setBody] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const reply = useReplyTicket(ticket.id);
  const close = useCloseTicket(ticket.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return toast.error(TICKET_MESSAGES.bodyRequired);
    reply.mutate(
      { body, images },
      {
        onSuccess: () => {
          setBody('');
          setImages([]);
        },
        onError: (e) => toast.error(refusalMessage(e, '답장을 보내지 못했습니다.')),
      },
    );
  };
  return (
    <Card title={ticket.status === 'CLOSED' ? '다시 문의하기' : '답장'}>
      <form onSubmit={submit} noValidate>
        <textarea
          className="input ticket-body"
          rows={4}
          aria-label="답장 내용"
          value={body}
          maxLength={TICKET_LIMITS.bodyMax}
          onChange={(e) => setBody(e.target.value)}
        />
        <ImagePicker images={images} onChange={setImages} />
        <div className="ticket-actions">
          <Button type="submit" disabled={reply.isPending}>
            보내기
          </Button>
          {ticket.status !== 'CLOSED' ? (
            <Button
              variant="ghost"
              disabled={close.isPending}
              onClick={() =>
                close.mutate(undefined, { onError: (e) => toast.error(refusalMessage(e, '종료하지 못했습니다.')) })
              }
            >
              문의 종료
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
