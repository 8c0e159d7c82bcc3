import { List, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { LOGIN_ATTEMPT_RESULT_LABELS } from '../../../server/src/contracts/statuses.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const kinds = [
  { id: 'member', name: '회원' },
  { id: 'operator', name: '운영자' },
];
const results = labelChoices(LOGIN_ATTEMPT_RESULT_LABELS);

const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="result" source="result" choices={results} alwaysOn />,
  <TextInput key="loginId" source="loginId" alwaysOn />,
  <TextInput key="ip" source="ip" />,
];

/** Members' and operators' login attempts with the address they came from, read-only. */
const LoginAttemptList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <SelectField source="kind" choices={kinds} />
      <TextField source="loginId" />
      <TextField source="ip" />
      <SelectField source="result" choices={results} />
    </ResponsiveDatagrid>
  </List>
);

export default LoginAttemptList;
