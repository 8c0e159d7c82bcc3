import { BooleanField, BooleanInput, Datagrid, FunctionField, List as RaList, TextField } from 'react-admin';
import { ImagePreview, ImageUrlInput } from '../common/ImageUrlInput';

export const List = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <FunctionField source="imageUrl" render={(r) => <ImagePreview url={r.imageUrl} />} />
      <BooleanField source="enabled" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <ImageUrlInput source="imageUrl" purpose="popup" />
    <BooleanInput source="enabled" defaultValue />
  </>
);
