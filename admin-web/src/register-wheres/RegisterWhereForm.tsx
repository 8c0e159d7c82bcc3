import { NumberInput, TextInput, required } from 'react-admin';

const RegisterWhereForm = () => (
  <>
    <TextInput source="text" validate={required()} />
    <NumberInput source="sortOrder" helperText="비워 두면 목록의 맨 끝에 추가됩니다." />
  </>
);

export default RegisterWhereForm;
