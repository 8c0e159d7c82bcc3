import { Fragment } from 'react';
import {
  Pagination,
  Button,
  Datagrid,
  RecordContextProvider,
  FunctionField,
  List,
  TextField,
  TextInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
  type RaRecord,
} from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { CommandButton } from '../common/CommandButton';
import { chargeStatuses, DateTimeField, StatusField, WonField } from '../common/fields';
import { MemberField } from '../common/references';
import type { ConsoleDataProvider } from '../dataProvider';
import { MethodField } from './MethodField';
import { NoRows } from '../common/EmptyList';
import { scrollableTabProps } from '../common/ScrollableTabs';
import { TimeLeft, useAcceptCharge, useLeftTab } from './accepting';
import { chargeCommands, type ChargeFacts } from '../../../server/src/contracts/commands.js';
import { CHARGE_STATUSES } from '../../../server/src/contracts/statuses.js';
import type { FeeType } from '../../../server/src/contracts/charge.js';

const TABS = CHARGE_STATUSES;

/** The console's names of the receipt a member asked for (the storefront says 신청 안함 for none). */
const FEE_TYPES: Record<FeeType, string> = { NONE: '증빙 없음', FEE: '세금계산서', CASH: '현금영수증' };
const feeTypeName = (feeType: unknown) => FEE_TYPES[feeType as FeeType] ?? feeType;

/** The commands the charge allows now (accept and reject while it waits; Toss settles its own). */
const commandsOf = (r: RaRecord) => chargeCommands(r as unknown as ChargeFacts);
const acceptable = (r: RaRecord) => commandsOf(r).includes('accept');
const FEE_FIELDS: Record<string, string> = {
  company: '상호',
  businessNumber: '사업자번호',
  leader: '대표자',
  phone: '연락처',
  jobType: '업태',
  jobType2: '종목',
  address: '주소',
  email: '이메일',
};

/** The fee type and the data the member gave for it (tax invoice or cash receipt). */
const FeeData = ({ record }: { record: RaRecord }) => {
  const value = (record.feeValue ?? {}) as Record<string, string>;
  const entries = Object.entries(value).filter(([, v]) => v);
  return (
    <span>
      <strong>{feeTypeName(record.feeType) ?? '-'}</strong>
      {entries.map(([k, v]) => (
        <Fragment key={k}>
          <br />
          {FEE_FIELDS[k] ?? k}: {v}
        </Fragment>
      ))}
    </span>
  );
};

const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = (filterValues.status as string) ?? 'PENDING';
  return (
    <Tabs
      {...scrollableTabProps}
      value={current}
      onChange={(_, status) => setFilters({ ...filterValues, status }, displayedFilters)}
      sx={{ mb: 1 }}
    >
      {TABS.map((s) => (
        <Tab key={s} value={s} label={chargeStatuses[s]!.label} data-testid={`tab-${s}`} />
      ))}
    </Tabs>
  );
};

const BulkAcceptButton = () => {
  const { selectedIds } = useListContext();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselect = useUnselectAll('charges');
  const acceptSelected = async () => {
    try {
      const results = await dp.bulkAcceptCharges(selectedIds);
      const failed = results.filter((r) => !r.ok);
      const accepted = results.length - failed.length;
      notify(
        failed.length
          ? `${accepted}건 수락, ${failed.length}건 실패: #${failed[0]!.id} ${failed[0]!.message}`
          : `${accepted}건 수락했습니다.`,
        {
          type: failed.length ? 'warning' : 'success',
        },
      );
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    unselect();
    refresh();
  };
  return (
    <Button label="선택 수락" onClick={() => void acceptSelected()}>
      <DoneAllIcon />
    </Button>
  );
};

/** One tap: the row leaves the list and 실행 취소 is offered for a few seconds (see accepting.tsx). */
const AcceptButton = ({ record, size = 'small' }: { record: RaRecord; size?: 'small' | 'large' }) => {
  const accept = useAcceptCharge();
  return (
    <MuiButton
      color="success"
      size={size}
      variant={size === 'large' ? 'contained' : 'text'}
      startIcon={<CheckIcon />}
      onClick={() => void accept(record)}
    >
      수락
    </MuiButton>
  );
};

const RejectButton = () => (
  <CommandButton
    label="거절"
    icon={<CloseIcon />}
    color="error"
    confirm="이 충전 요청을 거절하시겠습니까?"
    run={(dp, rec) => dp.rejectCharge(rec.id)}
    success="충전을 거절했습니다."
  />
);

const Actions = (_: { label: string }) => (
  <FunctionField
    source="status"
    sortable={false}
    render={(r) => {
      const allowed = commandsOf(r);
      return allowed.includes('accept') || allowed.includes('reject') ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          {allowed.includes('accept') ? <AcceptButton record={r} /> : null}
          {allowed.includes('reject') ? <RejectButton /> : null}
        </span>
      ) : null;
    }}
  />
);

const won = (value: unknown) => `${Number(value ?? 0).toLocaleString('ko-KR')}원`;

/** At phone widths: one card per charge with name, amounts, deadline and both commands in reach. */
const ChargeCards = () => {
  const { data = [], isPending } = useListContext();
  const leftTab = useLeftTab();
  if (isPending) return null;
  const rows = data.filter((r) => !leftTab(r));
  if (!rows.length) return <NoneLeft />;
  return (
    <Stack spacing={1.5} sx={{ p: 1 }} data-testid="charge-cards">
      {rows.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Card variant="outlined" data-testid={`charge-card-${r.id}`}>
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
                  {r.depositorName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  #{r.id}
                </Typography>
              </Stack>
              <Typography sx={{ fontSize: 20, fontWeight: 800 }}>{won(r.depositAmount)}</Typography>
              <Typography variant="body2" color="text.secondary">
                충전 {won(r.point)} · {feeTypeName(r.feeType)}
              </Typography>
              <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 0.5 }}>
                <MemberField source="memberId" />
                {r.status === 'PENDING' ? (
                  <TimeLeft expiresAt={r.expiresAt} />
                ) : (
                  <StatusField source="status" labels={chargeStatuses} />
                )}
              </Stack>
            </CardContent>
            {commandsOf(r).some((c) => c === 'accept' || c === 'reject') ? (
              <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5 }} justifyContent="flex-end">
                {commandsOf(r).includes('reject') ? <RejectButton /> : null}
                {acceptable(r) ? <AcceptButton record={r} size="large" /> : null}
              </Stack>
            ) : null}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** No row of this tab is left (a charge accepted a moment ago has gone to 승인): the pager goes with them. */
const useAllLeft = () => {
  const { data = [] } = useListContext();
  const leftTab = useLeftTab();
  return data.length > 0 && data.every(leftTab);
};

const NoneLeft = () => <NoRows text={useAllLeft() ? '이 탭에 남은 충전 요청이 없습니다.' : '충전 요청이 없습니다.'} />;

const ChargePagination = () => (useAllLeft() ? null : <Pagination />);

const ChargeTable = () => {
  const leftTab = useLeftTab();
  if (useAllLeft()) return <NoneLeft />;
  return (
    <Datagrid
      bulkActionButtons={<BulkAcceptButton />}
      rowClick={false}
      isRowSelectable={acceptable}
      rowSx={(r) => (leftTab(r) ? { display: 'none' } : {})}
    >
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <FunctionField
        source="expiresAt"
        render={(r) => (r.status === 'PENDING' ? <TimeLeft expiresAt={r.expiresAt} /> : '-')}
      />
      <MemberField source="memberId" />
      <TextField source="depositorName" />
      <MethodField source="method" />
      <WonField source="point" />
      <WonField source="depositAmount" />
      <FunctionField source="feeType" render={(r) => <FeeData record={r} />} />
      <StatusField source="status" labels={chargeStatuses} />
      <DateTimeField source="responseAt" emptyText="-" />
      <Actions label="처리" />
    </Datagrid>
  );
};

const filters = [<TextInput key="q" source="q" label="검색 (입금자명)" alwaysOn />];

/**
 * Bank-transfer charges with status tabs, one-tap accept with undo, reject with confirmation, bulk accept and
 * the time left before the 3-hour auto-cancel (sortable). Below 600px the table becomes a card list.
 */
const ChargeList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'PENDING' }}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      pagination={<ChargePagination />}
    >
      <StatusTabs />
      {phone ? <ChargeCards /> : <ChargeTable />}
    </List>
  );
};

export default ChargeList;
