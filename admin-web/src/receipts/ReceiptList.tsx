import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SendIcon from '@mui/icons-material/Send';
import {
  Datagrid,
  List,
  NumberInput,
  RecordContextProvider,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useListContext,
  useNotify,
  useRecordContext,
  WrapperField,
} from 'react-admin';
import { API, httpClient } from '../dataProvider';
import { getToken } from '../authProvider';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, labelChoices, won, WonField } from '../common/fields';
import { MemberField } from '../common/references';
import {
  RECEIPT_KIND_LABELS,
  RECEIPT_STATUS_LABELS,
  receiptOpen,
  type AdminReceiptView,
  type ReceiptMonthTotal,
} from '../../../server/src/contracts/receipts.js';

const statuses = labelChoices(RECEIPT_STATUS_LABELS);
const kinds = labelChoices(RECEIPT_KIND_LABELS);

const filters = [
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <TextInput key="month" source="month" placeholder="2026-11" alwaysOn />,
  <NumberInput key="memberId" source="memberId" />,
  <NumberInput key="chargeId" source="chargeId" />,
];

/** 다시 발행, 취소, 직접 발행: what each state allows (the server refuses the rest with its reason). */
const ReceiptCommands = () => {
  const r = useRecordContext<AdminReceiptView>();
  if (!r) return null;
  const open = receiptOpen(r.status);
  const heldAdjustment = r.status === 'ISSUED' && r.failure !== null;
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
      {open || heldAdjustment ? (
        <CommandButton
          label="다시 발행"
          permission="receipts"
          icon={<SendIcon />}
          run={(dp, rec) => dp.command('receipts', rec.id, 'issue')}
          success={(res: AdminReceiptView) =>
            res.status === 'ISSUED'
              ? '발행했습니다.'
              : `발행하지 못했습니다: ${res.failure ?? '잠시 후 다시 시도합니다.'}`
          }
        />
      ) : null}
      {open ? (
        <CommandButton
          label="직접 발행"
          permission="receipts"
          icon={<EditNoteIcon />}
          fields={[{ name: 'approvalNumber', label: '홈택스 국세청 승인번호' }]}
          run={(dp, rec, v) => dp.command('receipts', rec.id, 'manual', { approvalNumber: v.approvalNumber })}
          success="직접 발행으로 기록했습니다."
        />
      ) : null}
      {r.status !== 'CANCELED' ? (
        <CommandButton
          label="발행 취소"
          permission="receipts"
          icon={<CancelIcon />}
          color="error"
          confirm={
            r.status === 'ISSUED'
              ? '발행된 증빙을 취소합니다 (현금영수증은 토스에서 취소, 세금계산서는 수정세금계산서 발행).'
              : r.status === 'MANUAL'
                ? '기록만 취소합니다. 홈택스에서 직접 취소해 주세요.'
                : '발행하지 않고 취소합니다.'
          }
          run={(dp, rec) => dp.command('receipts', rec.id, 'cancel')}
          success="취소했습니다."
        />
      ) : null}
    </Stack>
  );
};

/** The month totals above the list (GET /api/admin/receipts/totals). */
const MonthTotals = () => {
  const { filterValues } = useListContext();
  const month =
    typeof filterValues.month === 'string' && /^\d{4}-\d{2}$/.test(filterValues.month) ? filterValues.month : '';
  const [rows, setRows] = useState<ReceiptMonthTotal[]>([]);
  useEffect(() => {
    let live = true;
    httpClient(`${API}/receipts/totals${month ? `?month=${month}` : ''}`)
      .then(({ json }) => live && setRows((json as ReceiptMonthTotal[]).slice(0, 6)))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [month]);
  if (rows.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ px: 1, pt: 1, overflowX: 'auto' }} data-testid="receipt-totals">
      {rows.map((t) => (
        <Card key={`${t.month}-${t.kind}`} variant="outlined" sx={{ minWidth: 170, flexShrink: 0 }}>
          <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
            <Typography variant="caption" color="text.secondary">
              {t.month} · {RECEIPT_KIND_LABELS[t.kind]}
            </Typography>
            <Typography sx={{ fontWeight: 800 }}>{won(t.amount)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t.count}건 · 발행 {t.issued} · 대기 {t.waiting}
              {t.failed ? (
                <Box component="span" sx={{ color: 'error.main' }}>
                  {' '}
                  · 실패 {t.failed}
                </Box>
              ) : null}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

/** The accountant's CSV of what the filters select. */
const CsvButton = () => {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const download = async () => {
    const query = new URLSearchParams({ filter: JSON.stringify(filterValues) });
    const res = await fetch(`${API}/receipts.csv?${query.toString()}`, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
    });
    if (!res.ok) throw new Error(`CSV를 받지 못했습니다 (${res.status})`);
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `receipts${typeof filterValues.month === 'string' ? `-${filterValues.month}` : ''}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <MuiButton
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => void download().catch((e: Error) => notify(e.message, { type: 'error' }))}
    >
      CSV 내보내기
    </MuiButton>
  );
};

const Failure = () => {
  const r = useRecordContext<AdminReceiptView>();
  if (!r?.failure) return null;
  return (
    <Typography
      variant="body2"
      color={r.status === 'FAILED' ? 'error.main' : 'warning.main'}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {r.failure}
    </Typography>
  );
};

/** On a phone, one card per document: who, how much, its state, the partner's answer and the commands. */
const ReceiptCards = () => {
  const { data = [], isPending } = useListContext<AdminReceiptView>();
  if (isPending) return null;
  return (
    <Stack spacing={1.5} sx={{ p: 1 }} data-testid="receipt-cards">
      {data.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Card variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
                  {RECEIPT_KIND_LABELS[r.kind]} · {r.customer}
                </Typography>
                <SelectField source="status" choices={statuses} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                #{r.id} · 충전 #{r.chargeId} · {r.identity}
              </Typography>
              <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                <MemberField source="memberId" />
                <Typography sx={{ fontWeight: 700 }}>{won(r.amount)}</Typography>
              </Stack>
              {r.approvalNumber ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  승인번호 {r.approvalNumber}
                </Typography>
              ) : null}
              <Failure />
            </CardContent>
            <Box sx={{ px: 2, pb: 1.5 }}>
              <ReceiptCommands />
            </Box>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** 증빙 발행: every 현금영수증 and 세금계산서 a charge asked for, with the month's totals, commands and a CSV. */
const ReceiptList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false} actions={<CsvButton />}>
      <MonthTotals />
      {phone ? (
        <ReceiptCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" />
          <DateTimeField source="createdAt" />
          <SelectField source="kind" choices={kinds} />
          <SelectField source="status" choices={statuses} />
          <TextField source="chargeId" />
          <MemberField source="memberId" />
          <TextField source="customer" />
          <TextField source="identity" />
          <WonField source="amount" />
          <WonField source="supplyCost" />
          <WonField source="tax" />
          <WonField source="refundedAmount" />
          <TextField source="approvalNumber" emptyText="-" />
          <DateTimeField source="issuedAt" emptyText="-" />
          <WrapperField source="failure">
            <Failure />
          </WrapperField>
          <WrapperField label="명령">
            <ReceiptCommands />
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
};

export default ReceiptList;
