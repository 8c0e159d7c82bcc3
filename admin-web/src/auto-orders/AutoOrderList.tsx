import { List, NumberField, TextField } from 'react-admin';
import { autoOrderStatuses, DateTimeField, LinkField, StatusField, WonField } from '../common/fields';
import { MemberField, orderFilters, ServiceField } from '../common/references';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = orderFilters(autoOrderStatuses);

export const AutoOrderGrid = ({ showMember = true }: { showMember?: boolean }) => (
  <ResponsiveDatagrid rowClick="show" bulkActionButtons={false}>
    <TextField source="id" />
    <DateTimeField source="createdAt" />
    {showMember && <MemberField source="memberId" />}
    <ServiceField source="serviceId" />
    <LinkField source="link" />
    <WonField source="point" />
    <NumberField source="amount" />
    <NumberField source="completed" />
    <NumberField source="runs" />
    <NumberField source="interval" />
    <StatusField source="status" labels={autoOrderStatuses} />
  </ResponsiveDatagrid>
);

const AutoOrderList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <AutoOrderGrid />
  </List>
);

export default AutoOrderList;
