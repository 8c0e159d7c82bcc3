import { List, NumberField, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { OUTBOX_CHANNEL_LABELS } from '../../../server/src/contracts/statuses.js';
import { DELIVERY_STATUS_LABELS } from '../../../server/src/contracts/delivery.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const statuses = labelChoices(DELIVERY_STATUS_LABELS);

const filters = [
  <SelectInput key="channel" source="channel" choices={labelChoices(OUTBOX_CHANNEL_LABELS)} alwaysOn />,
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <TextInput key="recipient" source="recipient" alwaysOn />,
];

/** The delivery engine's mail and SMS (codes and links shown as [비공개]), read-only; 발송 내역 resends. */
const OutboxList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <TextField source="channel" />
      <TextField source="event" />
      <TextField source="recipient" />
      <TextField source="subject" emptyText="-" />
      <TextField source="body" />
      <SelectField source="status" choices={statuses} />
      <NumberField source="attempts" />
      <TextField source="lastAnswer" emptyText="" />
    </ResponsiveDatagrid>
  </List>
);

export default OutboxList;
