import { BooleanField, BooleanInput, FunctionField, List as RaList, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const colour = (v: string) => (!v || /^#[0-9a-fA-F]{6}$/.test(v) ? undefined : '#fff3cd 형식이어야 합니다');

export const List = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <FunctionField
        source="content"
        render={(r) => <span style={{ background: r.bgColor || undefined, padding: '2px 6px' }}>{r.content}</span>}
      />
      <BooleanField source="isTop" />
      <TextField source="bgColor" emptyText="-" />
      <DateTimeField source="createdAt" />
    </ResponsiveDatagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="content" validate={required()} multiline fullWidth />
    <BooleanInput source="isTop" />
    <TextInput source="bgColor" validate={colour} helperText="상단 고정 공지의 배경색 (선택)" />
  </>
);
