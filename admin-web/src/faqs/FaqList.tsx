import { Datagrid, List as RaList, NumberField, TextField } from 'react-admin';

const FaqList = () => (
  <RaList sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="answer" />
      <NumberField source="sortOrder" />
    </Datagrid>
  </RaList>
);

export default FaqList;
