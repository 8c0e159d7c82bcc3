import {
  BooleanInput,
  Datagrid,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { DateTimeField, labelChoices, WonField } from '../common/fields';
import { MemberField, ServiceField } from '../common/references';
import { SUBSCRIPTION_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';

const statuses = labelChoices(SUBSCRIPTION_STATUS_LABELS);

const filters = [
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <BooleanInput key="open" source="open" label="진행 중만" />,
  <NumberInput key="memberId" source="memberId" />,
  <NumberInput key="serviceId" source="serviceId" />,
];

/** Members' subscriptions (자동 좋아요): what was paid, used by the child orders and refunded at the end. */
const SubscriptionList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <MemberField source="memberId" />
      <ServiceField source="serviceId" />
      <TextField source="username" />
      <NumberField source="min" />
      <NumberField source="max" />
      <NumberField source="postsUsed" />
      <NumberField source="posts" />
      <NumberField source="delay" />
      <TextField source="expiry" emptyText="-" />
      <WonField source="point" />
      <WonField source="used" />
      <WonField source="refunded" />
      <WonField source="debited" />
      <SelectField source="status" choices={statuses} />
      <TextField source="pauseReason" emptyText="-" />
      <ReferenceField source="providerId" reference="providers" link="edit" emptyText="-">
        <TextField source="name" />
      </ReferenceField>
      <TextField source="providerSubscriptionId" emptyText="-" />
      <TextField source="lastError" emptyText="-" />
    </Datagrid>
  </List>
);

export default SubscriptionList;
