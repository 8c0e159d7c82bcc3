import { Datagrid, List, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../common/fields';

const filters = [
  <SelectInput key="channel" source="channel" choices={[{ id: 'EMAIL', name: '메일' }, { id: 'SMS', name: 'SMS' }]} alwaysOn />,
  <TextInput key="recipient" source="recipient" alwaysOn />,
];

/** Mail and SMS as sent (or kept when no gateway is configured), read-only. */
const OutboxList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <TextField source="channel" />
      <TextField source="recipient" />
      <TextField source="subject" emptyText="-" />
      <TextField source="body" />
      <SelectField source="status" choices={[{ id: 'SENT', name: '발송됨' }, { id: 'FAILED', name: '실패' }, { id: 'STORED', name: '보관 (발송 수단 없음)' }]} />
      <TextField source="error" emptyText="" />
    </Datagrid>
  </List>
);

export default OutboxList;
