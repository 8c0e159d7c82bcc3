import { Datagrid, List, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../common/fields';

const kinds = [
  { id: 'member', name: '회원' },
  { id: 'operator', name: '운영자' },
];
const results = [
  { id: 'SUCCEEDED', name: '성공' },
  { id: 'FAILED', name: '실패' },
  { id: 'THROTTLED', name: '지연 (시도 과다)' },
];

const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="result" source="result" choices={results} alwaysOn />,
  <TextInput key="loginId" source="loginId" alwaysOn />,
  <TextInput key="ip" source="ip" />,
];

/** Members' and operators' login attempts with the address they came from, read-only. */
const LoginAttemptList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <SelectField source="kind" choices={kinds} />
      <TextField source="loginId" />
      <TextField source="ip" />
      <SelectField source="result" choices={results} />
    </Datagrid>
  </List>
);

export default LoginAttemptList;
