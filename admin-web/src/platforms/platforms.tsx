import {
  BooleanField,
  BooleanInput,
  FunctionField,
  List as RaList,
  NumberField,
  NumberInput,
  TextField,
  TextInput,
} from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const colour = (v: string) => (!v || /^#[0-9a-fA-F]{6}$/.test(v) ? undefined : '#1a73e8 형식이어야 합니다');

export const List = () => (
  <RaList sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false} perPage={50}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="text" />
      <BooleanField source="visible" />
      <FunctionField
        source="bgColor"
        render={(r) => <span style={{ background: r.bgColor, padding: '2px 10px', borderRadius: 4 }}>{r.bgColor}</span>}
      />
      <NumberField source="sortOrder" />
    </ResponsiveDatagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="id" helperText="영문 소문자, 숫자, - (예: instagram)" />
    <TextInput source="text" required />
    <BooleanInput source="visible" defaultValue />
    <TextInput source="bgColor" validate={colour} />
    <NumberInput source="sortOrder" defaultValue={0} />
  </>
);
