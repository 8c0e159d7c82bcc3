import { Datagrid, DateInput, List, NumberField, NumberInput, ReferenceField, SelectInput, TextField } from 'react-admin';
import { autoOrderStatuses, choicesOf, DateTimeField, LinkField, StatusField, WonField } from '../common/fields';

const filters = [
  <SelectInput key="status" source="status" choices={choicesOf(autoOrderStatuses)} alwaysOn />,
  <NumberInput key="memberId" source="memberId" alwaysOn />,
  <NumberInput key="serviceId" source="serviceId" />,
  <NumberInput key="providerId" source="providerId" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" label="주문일 (부터)" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" label="주문일 (까지)" />,
];

export const AutoOrderGrid = ({ showMember = true }: { showMember?: boolean }) => (
  <Datagrid rowClick="show" bulkActionButtons={false}>
    <TextField source="id" />
    <DateTimeField source="createdAt" />
    {showMember && (
      <ReferenceField source="memberId" reference="members" link="show" emptyText="-">
        <TextField source="loginId" />
      </ReferenceField>
    )}
    <ReferenceField source="serviceId" reference="services" link={false} emptyText="-">
      <TextField source="text" />
    </ReferenceField>
    <LinkField source="link" />
    <WonField source="point" />
    <NumberField source="amount" />
    <NumberField source="completed" />
    <NumberField source="runs" />
    <NumberField source="interval" />
    <StatusField source="status" labels={autoOrderStatuses} />
  </Datagrid>
);

const AutoOrderList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <AutoOrderGrid />
  </List>
);

export default AutoOrderList;
