import { Datagrid, List, SelectField, SelectInput, TextField, TopToolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { DateTimeField, labelChoices } from '../common/fields';
import { ALERT_KIND_LABELS } from '../../../server/src/contracts/statuses.js';

const kinds = labelChoices(ALERT_KIND_LABELS);

const filters = [<SelectInput key="kind" source="kind" choices={kinds} alwaysOn />];

/** Where the alerts' Telegram messages and mails are: 발송 내역, events `alert.<kind>`. */
const actions = (
  <TopToolbar>
    <Link to={{ pathname: '/deliveries', search: `?filter=${encodeURIComponent(JSON.stringify({ q: 'alert.' }))}` }}>
      발송 내역 보기
    </Link>
  </TopToolbar>
);

/** Operator alerts, read-only: what was raised; how it went out (Telegram, mail) is in 발송 내역. */
const AlertList = () => (
  <List filters={filters} actions={actions} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <SelectField source="kind" choices={kinds} />
      <TextField source="text" />
    </Datagrid>
  </List>
);

export default AlertList;
