import { List, NullableBooleanInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, WonField } from '../common/fields';
import { MemberField } from '../common/references';
import { PointDebtActions } from './PointDebtActions';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [
  <NullableBooleanInput key="open" source="open" label="미종결만" alwaysOn />,
  <TextInput key="memberId" source="memberId" label="회원 번호" />,
];

/**
 * 미회수 포인트: what Toss or a provider took back that the member's balance could not cover. While one is
 * open the member cannot order; it is collected from the next top-up, here, or written off.
 */
const PointDebtList = () => (
  <List filters={filters} filterDefaultValues={{ open: true }} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <MemberField source="memberId" />
      <WonField source="amount" />
      <WonField source="collected" />
      <WonField source="writtenOff" />
      <WonField source="outstanding" />
      <TextField source="memo" sortable={false} emptyText="-" />
      <DateTimeField source="closedAt" emptyText="-" />
      <TextField source="closedReason" sortable={false} emptyText="-" />
      <PointDebtActions />
    </ResponsiveDatagrid>
  </List>
);

export default PointDebtList;
