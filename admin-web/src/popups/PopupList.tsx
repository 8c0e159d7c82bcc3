import { BooleanField, Datagrid, FunctionField, List as RaList, TextField } from 'react-admin';
import { ImagePreview } from '../common/ImageUrlInput';

const PopupList = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <FunctionField source="imageUrl" render={(r) => <ImagePreview url={r.imageUrl} />} />
      <BooleanField source="enabled" />
    </Datagrid>
  </RaList>
);

export default PopupList;
