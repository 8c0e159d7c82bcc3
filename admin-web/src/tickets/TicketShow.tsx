import { useState } from 'react';
import {
  Link as RaLink,
  RecordContextProvider,
  Show,
  useDataProvider,
  useGetIdentity,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { CommandButton, LabelledButton } from '../common/CommandButton';
import { CancelOrderButton, ResendOrderButton, SetOrderStatusButton } from '../common/OrderCommandButtons';
import type { ConsoleDataProvider } from '../dataProvider';
import { orderCommands, type OrderFacts } from '../../../server/src/contracts/commands.js';
import { ORDER_STATUS_LABELS, TICKET_STATUS_LABELS, type OrderStatus } from '../../../server/src/contracts/statuses.js';
import { linkParts, TICKET_TYPE_LABELS, type AdminTicketView } from '../../../server/src/contracts/support.js';
import { waited } from './labels';
import { swapFlags } from '../common/flags';

const AUTHOR: Record<string, string> = { MEMBER: '회원', OPERATOR: '운영자', SYSTEM: '자동 처리' };

/** Plain text with its links clickable; never HTML. */
const Text = ({ text }: { text: string }) => (
  <Typography component="p" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
    {linkParts(text).map((p, i) =>
      p.href ? (
        <Link key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow">
          {p.text}
        </Link>
      ) : (
        <span key={i}>{p.text}</span>
      ),
    )}
  </Typography>
);

const Thread = () => {
  const ticket = useRecordContext<AdminTicketView>();
  if (!ticket) return null;
  return (
    <Stack spacing={1}>
      {(ticket.messages ?? []).map((m) => (
        <Box
          key={m.id}
          sx={{
            p: 1.25,
            borderRadius: 1,
            bgcolor: m.internal
              ? '#fff8e1'
              : m.author === 'OPERATOR'
                ? '#e8f0fe'
                : m.author === 'SYSTEM'
                  ? 'transparent'
                  : '#f5f5f5',
            border: m.author === 'SYSTEM' ? '1px dashed #bbb' : undefined,
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {m.internal ? '내부 메모 · ' : ''}
            {AUTHOR[m.author] ?? m.author} · {new Date(m.createdAt).toLocaleString('ko-KR')}
          </Typography>
          <Text text={m.body} />
          {m.images.length ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {m.images.map((url) => (
                <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={url}
                    alt="첨부 이미지"
                    style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 4 }}
                  />
                </a>
              ))}
            </Stack>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
};

/** The linked orders with what the member may do (the contracts rule) and the operator's commands. */
const Orders = () => {
  const ticket = useRecordContext<AdminTicketView>();
  // The list's row (no orders, no thread) shows first while the ticket page loads.
  if (!ticket?.orders?.length) return null;
  return (
    <Stack spacing={1}>
      {ticket.orders.map((o) => {
        const allowed = orderCommands(o as unknown as OrderFacts);
        return (
          <Card key={o.id} variant="outlined">
            <CardContent sx={{ p: 1.25, '&:last-child': { pb: 1.25 } }}>
              <Typography variant="body2">
                <RaLink to={`/orders/${o.id}/show`}>주문 {o.id}</RaLink> ·{' '}
                {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} · {swapFlags(o.service)} ·{' '}
                {o.amount.toLocaleString('ko-KR')}개
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                회원의 리필: {o.actions.refill.allowed ? '가능' : o.actions.refill.reason} · 회원의 취소:{' '}
                {o.actions.cancel.allowed ? '가능' : o.actions.cancel.reason}
              </Typography>
              <RecordContextProvider value={o}>
                <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5} sx={{ mt: 0.5 }}>
                  <CommandButton
                    label="리필 요청"
                    permission="orders.command"
                    icon={<AutorenewIcon />}
                    disabled={!o.actions.refill.allowed}
                    run={(dp, r) => dp.refillTicketOrder(ticket.id, r.id)}
                    success="리필을 요청했습니다."
                  />
                  <CancelOrderButton allowed={allowed} />
                  <ResendOrderButton allowed={allowed} label="재전송" />
                  <SetOrderStatusButton allowed={allowed} />
                </Stack>
              </RecordContextProvider>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
};

/** The answer box: a saved reply to start from, an internal-note switch, send. */
const Answer = () => {
  const ticket = useRecordContext<AdminTicketView>();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: saved = [] } = useGetList('saved-replies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'title', order: 'ASC' },
  });
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!ticket) return null;
  const send = async () => {
    setBusy(true);
    try {
      await dp.answerTicket(ticket.id, body, internal);
      notify(
        internal ? '내부 메모를 남겼습니다.' : '답변을 등록했습니다. 회원이 고른 방법(알림톡·SMS·메일)으로 알립니다.',
        {
          type: 'success',
        },
      );
      setBody('');
      setInternal(false);
      refresh();
    } catch (e) {
      notify((e as Error).message || '등록하지 못했습니다.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label="저장된 답변"
        value=""
        onChange={(e) => setBody(String(saved.find((s) => String(s.id) === e.target.value)?.body ?? body))}
      >
        {saved.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.title}
          </MenuItem>
        ))}
        {saved.length ? null : (
          <MenuItem disabled value="none">
            저장된 답변이 없습니다. 메뉴의 저장된 답변에서 추가하세요.
          </MenuItem>
        )}
      </TextField>
      <TextField
        label={internal ? '내부 메모 (회원에게 보이지 않음)' : '답변'}
        multiline
        minRows={4}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        inputProps={{ maxLength: 5000 }}
      />
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <FormControlLabel
          control={<Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} />}
          label="내부 메모"
        />
        <MuiButton variant="contained" disabled={busy || !body.trim()} onClick={() => void send()}>
          {internal ? '메모 남기기' : '답변 보내기'}
        </MuiButton>
      </Stack>
    </Stack>
  );
};

const Header = () => {
  const ticket = useRecordContext<AdminTicketView>();
  const dp = useDataProvider<ConsoleDataProvider>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!ticket) return null;
  const run = (work: () => Promise<unknown>, done: string) => () =>
    void work().then(
      () => {
        notify(done, { type: 'success' });
        refresh();
      },
      (e: Error) => notify(e.message, { type: 'error' }),
    );
  return (
    <Stack spacing={1}>
      <Typography variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        #{ticket.id} {ticket.subject}
      </Typography>
      <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
        <Chip size="small" label={TICKET_STATUS_LABELS[ticket.status] ?? ticket.status} color="primary" />
        <Chip size="small" label={TICKET_TYPE_LABELS[ticket.type] ?? ticket.type} />
        <Chip size="small" label={`회원 ${ticket.loginId ?? '-'} (#${ticket.memberId})`} />
        {ticket.status === 'OPEN' ? <Chip size="small" label={`대기 ${waited(ticket.waitingSince)}`} /> : null}
        <Chip size="small" label={ticket.assigneeId ? `담당 #${ticket.assigneeId}` : '담당자 없음'} />
      </Stack>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <LabelledButton
          label={ticket.assigneeId === identity?.id ? '배정 해제' : '나에게 배정'}
          icon={<AssignmentIndIcon />}
          onClick={run(
            () => dp.assignTicket(ticket.id, ticket.assigneeId === identity?.id ? null : Number(identity?.id)),
            '담당자를 바꿨습니다.',
          )}
        />
        <LabelledButton
          label="문의 종료"
          icon={<TaskAltIcon />}
          disabled={ticket.status === 'CLOSED'}
          onClick={run(() => dp.closeTicket(ticket.id), '문의를 종료했습니다.')}
        />
      </Stack>
    </Stack>
  );
};

/** One ticket: the thread (with internal notes), the linked orders and their commands, the answer box; fits a 390 px phone. */
const TicketShow = () => (
  <Show actions={false} sx={{ '& .RaShow-card': { p: { xs: 1, sm: 2 } } }}>
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Header />
      <Orders />
      <Thread />
      <Answer />
    </Stack>
  </Show>
);

export default TicketShow;
