import { Datagrid, FunctionField, List as RaList, SelectField, TextField } from 'react-admin';
import { ImagePreview } from '../common/ImageUrlInput';
import { DEVICES } from './choices';

const GuideImageList = () => (
  <RaList sort={{ field: 'device', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <SelectField source="device" choices={DEVICES} />
      <FunctionField source="imageUrl" render={(r) => <ImagePreview url={r.imageUrl} />} />
    </Datagrid>
  </RaList>
);

export default GuideImageList;
