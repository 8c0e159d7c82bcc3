import { Datagrid, DateInput, List, NumberField, NumberInput, ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';
import { choicesOf, DateTimeField, LinkField, orderStatuses, StatusField, WonField } from '../common/fields';

export const orderFilters = [
  <SelectInput key="status" source="status" choices={choicesOf(orderStatuses)} alwaysOn />,
  <NumberInput key="memberId" source="memberId" alwaysOn />,
  <NumberInput key="serviceId" source="serviceId" />,
  <NumberInput key="providerId" source="providerId" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" label="주문일 (부터)" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" label="주문일 (까지)" />,
  <TextInput key="q" source="q" label="검색 (링크)" />,
];

/** The order rows, shared by the orders page and a member's page. */
export const OrderGrid = ({ showMember = true }: { showMember?: boolean }) => (
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
    <StatusField source="status" labels={orderStatuses} />
    <NumberField source="startCount" emptyText="-" />
    <NumberField source="remains" emptyText="-" />
    <TextField source="lastError" emptyText="" />
  </Datagrid>
);

const OrderList = () => (
  <List filters={orderFilters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <OrderGrid />
  </List>
);

export default OrderList;
