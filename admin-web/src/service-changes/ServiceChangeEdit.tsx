import { BooleanInput, Edit, SimpleForm, TextField, TextInput, Labeled, maxLength } from 'react-admin';
import { DateTimeField } from '../common/fields';

/** Hide an entry from the public log, or add a note members read under it (both audited). */
const ServiceChangeEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <Labeled>
        <TextField source="serviceName" />
      </Labeled>
      <Labeled>
        <TextField source="kindLabel" />
      </Labeled>
      <Labeled>
        <DateTimeField source="createdAt" />
      </Labeled>
      <BooleanInput source="hidden" helperText="숨기면 회원의 서비스 변경 안내 목록에서 빠집니다." />
      <TextInput source="note" multiline fullWidth validate={maxLength(500, '500자 이하로 입력해 주세요.')} />
    </SimpleForm>
  </Edit>
);

export default ServiceChangeEdit;
