import { BooleanInput, NumberInput, TextInput } from 'react-admin';

const colour = (v: string) => (!v || /^#[0-9a-fA-F]{6}$/.test(v) ? undefined : '#1a73e8 형식이어야 합니다');

const PlatformForm = () => (
  <>
    <TextInput source="id" helperText="영문 소문자, 숫자, - (예: instagram)" />
    <TextInput source="text" required />
    <BooleanInput source="visible" defaultValue />
    <TextInput source="bgColor" validate={colour} />
    <NumberInput source="sortOrder" defaultValue={0} />
  </>
);

export default PlatformForm;
