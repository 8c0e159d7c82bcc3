import { Datagrid, List as RaList, NumberField, TextField } from 'react-admin';

const RegisterWhereList = () => (
  <RaList sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="text" />
      <NumberField source="sortOrder" />
    </Datagrid>
  </RaList>
);

export default RegisterWhereList;
