import { Datagrid, List, NumberField, SelectField, SelectInput, TextField } from 'react-admin';
import { DateTimeField } from '../common/fields';

const kinds = [
  { id: 'CHARGE_REQUEST', name: '새 충전 요청' },
  { id: 'UNMATCHED_DEPOSIT', name: '확인되지 않은 입금' },
  { id: 'ORDER_CHECK', name: '주문 확인 필요' },
  { id: 'PROVIDER_BALANCE', name: '공급사 잔액 부족' },
  { id: 'PROVIDER_ERRORS', name: '공급사 연속 오류' },
];
const statuses = [
  { id: 'PENDING', name: '발송 대기' },
  { id: 'SENT', name: '발송됨' },
  { id: 'STORED', name: '보관 (발송 수단 없음)' },
  { id: 'FAILED', name: '실패' },
];

const filters = [<SelectInput key="kind" source="kind" choices={kinds} alwaysOn />, <SelectInput key="status" source="status" choices={statuses} alwaysOn />];

/** Operator alerts (Telegram and mail), read-only: what was raised and whether it went out. */
const AlertList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <SelectField source="kind" choices={kinds} />
      <TextField source="text" />
      <SelectField source="status" choices={statuses} />
      <NumberField source="attempts" />
      <DateTimeField source="sentAt" />
      <TextField source="lastError" emptyText="" />
    </Datagrid>
  </List>
);

export default AlertList;
