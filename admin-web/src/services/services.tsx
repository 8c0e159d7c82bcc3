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
      <TextField source="point" />
      <NumberField source="min" />
      <NumberField source="max" />
      <BooleanField source="enableAuto" />
      <BooleanField source="isReadOnly" />
      <BooleanField source="visible" />
      <ReferenceField source="providerId" reference="providers" link={false} emptyText="-">
        <TextField source="name" />
      </ReferenceField>
      <TextField source="providerServiceId" emptyText="-" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <ReferenceInput source="categoryId" reference="categories">
      <SelectInput optionText="text" validate={required()} />
    </ReferenceInput>
    <TextInput source="text" validate={required()} fullWidth />
    <TextInput source="point" validate={required()} helperText="1개당 포인트 (소수점 6자리까지, 예: 1.5)" />
    <NumberInput source="min" validate={[required(), minValue(1)]} />
    <NumberInput source="max" validate={[required(), minValue(1)]} />
    <TextInput source="notice" multiline fullWidth />
    <BooleanInput source="enableAuto" />
    <BooleanInput source="isReadOnly" />
    <BooleanInput source="visible" defaultValue />
    <NumberInput source="sortOrder" defaultValue={0} />
    <Typography variant="subtitle2">공급사 연결</Typography>
    <ReferenceInput source="providerId" reference="providers">
      <SelectInput optionText="name" emptyText="연결 안 함" parse={(v: string) => (v === '' ? null : v)} />
    </ReferenceInput>
    <TextInput source="providerServiceId" parse={(v: string) => v || null} helperText="공급사와 함께 입력 (공급사의 서비스 번호)" />
  </>
);
