import { Datagrid, FunctionField, List, ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';
import LinkIcon from '@mui/icons-material/Link';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, StatusField, WonField, type StatusLabels } from '../common/fields';

const depositStatuses: StatusLabels = {
  UNMATCHED: { label: '미매칭', tone: 'warning' },
  MATCHED: { label: '매칭됨', tone: 'success' },
  IGNORED: { label: '무시', tone: 'default' },
};

const filters = [
  <SelectInput key="status" source="status" choices={Object.entries(depositStatuses).map(([id, s]) => ({ id, name: s.label }))} alwaysOn />,
  <TextInput key="q" source="q" label="검색 (입금자명)" alwaysOn />,
];

/** Bank deposits as they arrived; an unmatched one can be matched to a pending charge by hand. */
const DepositList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="receivedAt" />
      <TextField source="depositorName" />
      <WonField source="amount" />
      <StatusField source="status" labels={depositStatuses} />
      <ReferenceField source="chargeId" reference="charges" link={false} emptyText="-">
        <TextField source="id" />
      </ReferenceField>
      <FunctionField
        label="처리"
        render={(r) =>
          r.status === 'UNMATCHED' ? (
            <CommandButton
              label="수동 매칭"
              icon={<LinkIcon />}
              fields={[{ name: 'chargeId', label: '충전 요청 번호', type: 'number' }]}
              run={(dp, rec, v) => dp.matchDeposit(rec.id, v.chargeId!)}
              ledgerReference={(_, v) => ['charge', v.chargeId!]}
              success="입금을 충전 요청에 매칭했습니다."
            />
          ) : null
        }
      />
    </Datagrid>
  </List>
);

export default DepositList;
