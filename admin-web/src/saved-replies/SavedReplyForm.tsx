import { TextInput, required } from 'react-admin';

const SavedReplyForm = () => (
  <>
    <TextInput source="title" validate={required()} fullWidth />
    <TextInput source="body" validate={required()} multiline minRows={4} fullWidth />
  </>
);

export default SavedReplyForm;
