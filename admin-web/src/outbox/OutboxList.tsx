import { FunctionField, List, NumberField, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { OUTBOX_CHANNEL_LABELS } from '../../../server/src/contracts/statuses.js';
import { DELIVERY_STATUS_LABELS } from '../../../server/src/contracts/delivery.js';
import { deliveryEventLabel, deliveryFailureLabel } from '../../../server/src/contracts/delivery-wording.js';
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
      <FunctionField source="event" render={(r) => deliveryEventLabel(r.event)} />
      <TextField source="recipient" />
      <TextField source="subject" emptyText="-" />
      <TextField source="body" />
      <SelectField source="status" choices={statuses} />
      <NumberField source="attempts" />
      <FunctionField
        source="lastAnswer"
        render={(r) => (
          <span title={r.lastAnswer ?? undefined}>
            {(r.status === 'SENT' ? null : deliveryFailureLabel(r.lastAnswer)) ?? r.lastAnswer ?? ''}
          </span>
        )}
      />
    </ResponsiveDatagrid>
  </List>
);

export default OutboxList;
