import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { refusalMessage } from '../../../lib/api-client';
import {
  parseOrderIds,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
  type TicketType,
} from '../../../lib/contracts';
import { useCreateTicket } from '../api/create-ticket';
import { ImagePicker } from './image-picker';

/** The new 1:1 문의 form; `type` and `orders` come prefilled from an order row's 문의 button. */
export function TicketForm({
  type: initialType,
  orders: initialOrders,
  subject: initialSubject,
}: {
  type?: TicketType;
  orders?: string;
  subject?: string;
}) {
  const [type, setType] = useState<TicketType>(initialType ?? 'REFILL');
  const [subject, setSubject] = useState(initialSubject ?? (initialType ? TICKET_TYPE_LABELS[initialType] : ''));
  const [orders, setOrders] = useState(initialOrders ?? '');
  const [body, setBody] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTicket();
  const navigate = useNavigate();
  const needsOrders = type === 'REFILL' || type === 'CANCEL';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = parseOrderIds(orders);
    if (!ids) return setError(TICKET_MESSAGES.ordersInvalid);
    if (ids.length > TICKET_LIMITS.orders) return setError(TICKET_MESSAGES.tooManyOrders);
    if (needsOrders && ids.length === 0) return setError(TICKET_MESSAGES.ordersRequired);
    if (!subject.trim()) return setError(TICKET_MESSAGES.subjectRequired);
    if (!body.trim()) return setError(TICKET_MESSAGES.bodyRequired);
    if (body.length > TICKET_LIMITS.bodyMax) return setError(TICKET_MESSAGES.bodyTooLong);
    setError(null);
    create.mutate(
      { type, subject, body, orderIds: orders, images },
      {
        onSuccess: (ticket) => {
          toast.success('문의가 등록되었습니다.');
          void navigate(`/support/${ticket.id}`);
        },
        onError: (e) => setError(refusalMessage(e, '문의를 등록하지 못했습니다.')),
      },
    );
  };

  return (
    <form className="ticket-form" onSubmit={submit} noValidate>
      <Select label="문의 유형" value={type} onChange={(e) => setType(e.target.value as TicketType)}>
        {TICKET_TYPES.map((t) => (
          <option key={t} value={t}>
            {TICKET_TYPE_LABELS[t]}
          </option>
        ))}
      </Select>
      <Input
        label="주문번호"
        value={orders}
        placeholder="123, 124 125"
        inputMode="numeric"
        hint={needsOrders ? '리필·취소 요청은 입력한 주문마다 바로 처리됩니다.' : '관련 주문이 있으면 입력해 주세요.'}
        onChange={(e) => setOrders(e.target.value)}
      />
      <Input
        label="제목"
        value={subject}
        maxLength={TICKET_LIMITS.subjectMax}
        onChange={(e) => setSubject(e.target.value)}
      />
      <label className="field">
        <span className="field-label">내용</span>
        <textarea
          className="input ticket-body"
          rows={6}
          value={body}
          maxLength={TICKET_LIMITS.bodyMax}
          onChange={(e) => setBody(e.target.value)}
        />
        <span className="field-hint">
          {body.length.toLocaleString('ko-KR')} / {TICKET_LIMITS.bodyMax.toLocaleString('ko-KR')}자
        </span>
      </label>
      <ImagePicker images={images} onChange={setImages} />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" block disabled={create.isPending}>
        문의하기
      </Button>
    </form>
  );
}
