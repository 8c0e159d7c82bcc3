import { Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { roleChoices } from './choices';

/** Only the role changes here; disable and password reset are commands on the list. */
const OperatorEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="loginId" disabled />
      <SelectInput source="role" choices={roleChoices} />
    </SimpleForm>
  </Edit>
);

export default OperatorEdit;
