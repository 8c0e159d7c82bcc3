import { List, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, StatusField, WonField } from '../common/fields';
import { memberStatuses } from './statuses';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [
  <TextInput key="q" source="q" label="검색 (아이디, 이메일, 휴대전화)" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={Object.entries(memberStatuses).map(([id, s]) => ({ id, name: s.label }))}
    alwaysOn
  />,
];

const MemberList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="loginId" />
      <TextField source="email" emptyText="-" />
      <TextField source="phone" emptyText="-" />
      <WonField source="point" sortable={false} />
      <StatusField source="status" labels={memberStatuses} />
      <TextField source="registerWhere" emptyText="-" />
      <DateTimeField source="createdAt" />
    </ResponsiveDatagrid>
  </List>
);

export default MemberList;
