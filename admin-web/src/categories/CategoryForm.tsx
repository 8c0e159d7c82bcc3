import { NumberInput, ReferenceInput, SelectInput, TextInput, required } from 'react-admin';

const CategoryForm = () => (
  <>
    <ReferenceInput source="platform" reference="platforms">
      <SelectInput optionText="text" validate={required()} />
    </ReferenceInput>
    <TextInput source="text" validate={required()} />
    <NumberInput source="sortOrder" defaultValue={0} />
  </>
);

export default CategoryForm;
