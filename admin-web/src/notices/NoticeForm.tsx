import { BooleanInput, TextInput, required } from 'react-admin';

const colour = (v: string) => (!v || /^#[0-9a-fA-F]{6}$/.test(v) ? undefined : '#fff3cd 형식이어야 합니다');

const NoticeForm = () => (
  <>
    <TextInput source="content" validate={required()} multiline fullWidth />
    <BooleanInput source="isTop" />
    <TextInput source="bgColor" validate={colour} helperText="상단 고정 공지의 배경색 (선택)" />
  </>
);

export default NoticeForm;
