import { Datagrid, List, NumberField, SelectField, SelectInput, TextField } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { ALERT_KIND_LABELS, ALERT_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';

const kinds = labelChoices(ALERT_KIND_LABELS);
const statuses = labelChoices(ALERT_STATUS_LABELS);

const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
];

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
