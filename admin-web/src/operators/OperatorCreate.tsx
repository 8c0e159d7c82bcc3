import { Create, PasswordInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { roleChoices } from './choices';

const OperatorCreate = () => (
  <Create redirect="list" title="운영자 추가">
    <SimpleForm>
      <TextInput source="loginId" helperText="영문 소문자, 숫자, 밑줄(_) 4~30자" />
      <PasswordInput source="password" helperText="10자 이상" />
      <SelectInput source="role" choices={roleChoices} defaultValue="SUPPORT" />
    </SimpleForm>
  </Create>
);

export default OperatorCreate;
