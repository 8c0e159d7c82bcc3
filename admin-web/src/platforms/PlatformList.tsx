import { BooleanField, FunctionField, List as RaList, NumberField, TextField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const PlatformList = () => (
  <RaList sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false} perPage={50}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="text" />
      <BooleanField source="visible" />
      <FunctionField
        source="bgColor"
        render={(r) => <span style={{ background: r.bgColor, padding: '2px 10px', borderRadius: 4 }}>{r.bgColor}</span>}
      />
      <NumberField source="sortOrder" />
    </ResponsiveDatagrid>
  </RaList>
);

export default PlatformList;
