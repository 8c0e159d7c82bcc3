import { BooleanField, FunctionField, List as RaList, TextField } from 'react-admin';
import { DateTimeField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const NoticeList = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <FunctionField
        source="content"
        render={(r) => <span style={{ background: r.bgColor || undefined, padding: '2px 6px' }}>{r.content}</span>}
      />
      <BooleanField source="isTop" />
      <TextField source="bgColor" emptyText="-" />
      <DateTimeField source="createdAt" />
    </ResponsiveDatagrid>
  </RaList>
);

export default NoticeList;
