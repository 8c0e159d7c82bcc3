import { NumberInput, TextInput, required } from 'react-admin';

const FaqForm = () => (
  <>
    <TextInput source="title" validate={required()} fullWidth />
    <TextInput source="answer" validate={required()} multiline fullWidth />
    <NumberInput source="sortOrder" helperText="비워 두면 목록의 맨 끝에 추가됩니다." />
  </>
);

export default FaqForm;
