import {
  Datagrid,
  FormDataConsumer,
  FunctionField,
  List as RaList,
  SelectField,
  SelectInput,
  TextField,
  required,
} from 'react-admin';
import { ImagePreview, ImageUrlInput } from '../common/ImageUrlInput';

const DEVICES = [
  { id: 'DESKTOP', name: '데스크톱' },
  { id: 'MOBILE', name: '모바일' },
];

export const List = () => (
  <RaList sort={{ field: 'device', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <SelectField source="device" choices={DEVICES} />
      <FunctionField source="imageUrl" render={(r) => <ImagePreview url={r.imageUrl} />} />
    </Datagrid>
  </RaList>
);

const PURPOSES = { DESKTOP: 'guide-desktop', MOBILE: 'guide-mobile' } as const;

/** The upload is kept at the size of the device it is for. */
const GuideImageInput = () => (
  <FormDataConsumer>
    {({ formData }) => (
      <ImageUrlInput source="imageUrl" purpose={PURPOSES[formData.device as keyof typeof PURPOSES] ?? 'other'} />
    )}
  </FormDataConsumer>
);

export const Form = () => (
  <>
    <SelectInput source="device" choices={DEVICES} validate={required()} />
    <GuideImageInput />
  </>
);
