import {
  BooleanField,
  BooleanInput,
  Datagrid,
  List as RaList,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  minValue,
  required,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import { WonField } from '../common/fields';

const filters = [
  <TextInput key="q" source="q" label="검색 (상품명)" alwaysOn />,
  <ReferenceInput key="categoryId" source="categoryId" reference="categories" alwaysOn>
    <SelectInput optionText="text" />
  </ReferenceInput>,
  <ReferenceInput key="providerId" source="providerId" reference="providers">
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

export const List = () => (
  <RaList filters={filters} sort={{ field: 'id', order: 'ASC' }} exporter={false} perPage={50}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="categoryId" reference="categories" link={false} />
      <TextField source="text" />
      <WonField source="point" />
      <NumberField source="min" />
      <NumberField source="max" />
      <BooleanField source="enableAuto" />
      <BooleanField source="isReadOnly" />
      <BooleanField source="visible" />
      <ReferenceField source="providerId" reference="providers" link={false} emptyText="-">
        <TextField source="name" />
      </ReferenceField>
      <TextField source="providerServiceId" emptyText="-" />
      <NumberField source="markupPercent" emptyText="-" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <ReferenceInput source="categoryId" reference="categories">
      <SelectInput optionText="text" validate={required()} />
    </ReferenceInput>
    <TextInput source="text" validate={required()} fullWidth />
    <NumberInput source="point" validate={[required(), minValue(0)]} helperText="1개당 포인트" />
    <NumberInput source="min" validate={[required(), minValue(1)]} />
    <NumberInput source="max" validate={[required(), minValue(1)]} />
    <TextInput source="notice" multiline fullWidth />
    <BooleanInput source="enableAuto" />
    <BooleanInput source="isReadOnly" />
    <BooleanInput source="visible" defaultValue />
    <Typography variant="subtitle2">공급사 연결</Typography>
    <ReferenceInput source="providerId" reference="providers">
      <SelectInput optionText="name" emptyText="연결 안 함" />
    </ReferenceInput>
    <TextInput source="providerServiceId" />
    <NumberInput source="markupPercent" helperText="공급 원가 대비 마진(%)" />
  </>
);
