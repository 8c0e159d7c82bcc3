import { BooleanField, BooleanInput, Datagrid, List as RaList, NumberField, NumberInput, ReferenceField, ReferenceInput, SelectInput, TextField, TextInput } from 'react-admin';

const filters = [
  <ReferenceInput key="platformId" source="platformId" reference="platforms" alwaysOn>
    <SelectInput optionText="text" />
  </ReferenceInput>,
];

export const List = () => (
  <RaList filters={filters} sort={{ field: 'sort', order: 'ASC' }} exporter={false} perPage={50}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="platformId" reference="platforms" link={false} />
      <TextField source="text" />
      <BooleanField source="visible" />
      <NumberField source="sort" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <ReferenceInput source="platformId" reference="platforms">
      <SelectInput optionText="text" required />
    </ReferenceInput>
    <TextInput source="text" required />
    <BooleanInput source="visible" defaultValue />
    <NumberInput source="sort" defaultValue={0} />
  </>
);
