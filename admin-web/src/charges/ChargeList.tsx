import { Fragment } from 'react';
import {
  Button,
  Datagrid,
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

const TABS = ['PENDING', 'SUCCESS', 'FAIL'] as const;

const FEE_TYPES: Record<string, string> = { NONE: '증빙 없음', FEE: '세금계산서', CASH: '현금영수증' };
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
      <strong>{FEE_TYPES[record.feeType as string] ?? record.feeType ?? '-'}</strong>
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
    <Tabs value={current} onChange={(_, status) => setFilters({ ...filterValues, status }, displayedFilters)} sx={{ mb: 1 }}>
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
  return (
    <Button
      label="선택 수락"
      onClick={async () => {
        try {
          const results = await dp.bulkAcceptCharges(selectedIds);
          const failed = results.filter((r) => !r.ok);
          const accepted = results.length - failed.length;
          notify(failed.length ? `${accepted}건 수락, ${failed.length}건 실패: #${failed[0]!.id} ${failed[0]!.message}` : `${accepted}건 수락했습니다.`, {
            type: failed.length ? 'warning' : 'success',
          });
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
        unselect();
        refresh();
      }}
    >
      <DoneAllIcon />
    </Button>
  );
};

const Actions = (_: { label: string }) => (
  <FunctionField
    source="status"
    sortable={false}
    render={(r) =>
      r.status === 'PENDING' ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          <CommandButton label="수락" icon={<CheckIcon />} color="success" run={(dp, rec) => dp.acceptCharge(rec.id)} ledger success="충전을 수락했습니다." />
          <CommandButton label="거절" icon={<CloseIcon />} color="error" confirm="이 충전 요청을 거절하시겠습니까?" run={(dp, rec) => dp.rejectCharge(rec.id)} success="충전을 거절했습니다." />
        </span>
      ) : null
    }
  />
);

const filters = [<TextInput key="q" source="q" label="검색 (입금자명)" alwaysOn />];

/** Bank-transfer charges with status tabs, one-click accept, reject with confirmation, bulk accept. */
const ChargeList = () => (
  <List filters={filters} filterDefaultValues={{ status: 'PENDING' }} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <StatusTabs />
    <Datagrid bulkActionButtons={<BulkAcceptButton />} rowClick={false} isRowSelectable={(r) => r.status === 'PENDING'}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
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
  </List>
);

export default ChargeList;
