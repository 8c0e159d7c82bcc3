import { Datagrid, List as RaList, NumberField, NumberInput, TextField, TextInput, required } from 'react-admin';

export const List = () => (
  <RaList sort={{ field: 'id', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="text" />
      <NumberField source="sort" emptyText="-" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="text" validate={required()} />
    <NumberInput source="sort" defaultValue={0} />
  </>
);
