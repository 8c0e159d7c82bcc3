import { Datagrid, List, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { OUTBOX_CHANNEL_LABELS, OUTBOX_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';

const filters = [
  <SelectInput key="channel" source="channel" choices={labelChoices(OUTBOX_CHANNEL_LABELS)} alwaysOn />,
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
      <SelectField source="status" choices={labelChoices(OUTBOX_STATUS_LABELS)} />
      <TextField source="error" emptyText="" />
    </Datagrid>
  </List>
);

export default OutboxList;
