import { List, NumberField, TextField, TextInput } from 'react-admin';
import { DateTimeField, LinkField, orderStatuses, StatusField, WonField } from '../common/fields';
import { DispatchField, MemberField, orderFilters, ServiceField } from '../common/references';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [...orderFilters(orderStatuses), <TextInput key="q" source="q" label="검색 (링크)" />];

/** The order rows, shared by the orders page and a member's page. */
export const OrderGrid = ({ showMember = true }: { showMember?: boolean }) => (
  <ResponsiveDatagrid rowClick="show" bulkActionButtons={false}>
    <TextField source="id" />
    <DateTimeField source="createdAt" />
    {showMember && <MemberField source="memberId" />}
    <ServiceField source="serviceId" />
    <LinkField source="link" />
    <WonField source="point" />
    <NumberField source="amount" />
    <StatusField source="status" labels={orderStatuses} />
    <NumberField source="startCount" emptyText="-" />
    <NumberField source="remains" emptyText="-" />
    {/* The provider's error or the [확인 필요] note lives in fulfilment's dispatch record. */}
    <DispatchField label="resources.orders.fields.lastError" sortable={false} emptyText="">
      <TextField source="lastError" emptyText="" />
    </DispatchField>
  </ResponsiveDatagrid>
);

const OrderList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <OrderGrid />
  </List>
);

export default OrderList;
