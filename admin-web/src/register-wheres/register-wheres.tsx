import { Datagrid, List as RaList, NumberField, NumberInput, TextField, TextInput, required } from 'react-admin';

export const List = () => (
  <RaList sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="text" />
      <NumberField source="sortOrder" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="text" validate={required()} />
    <NumberInput source="sortOrder" helperText="비워 두면 목록의 맨 끝에 추가됩니다." />
  </>
);
