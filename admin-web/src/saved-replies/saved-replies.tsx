import { Datagrid, List as RaList, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../common/fields';

/** 저장된 답변: answers operators pick on a ticket page. */
export const List = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="body" sx={{ whiteSpace: 'pre-wrap' }} />
      <DateTimeField source="createdAt" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="title" validate={required()} fullWidth />
    <TextInput source="body" validate={required()} multiline minRows={4} fullWidth />
  </>
);
