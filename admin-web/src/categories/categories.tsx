import {
  Datagrid,
  List as RaList,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { FlagTextField } from '../common/fields';

const filters = [
  <TextInput key="q" source="q" label="검색 (이름)" alwaysOn />,
  <ReferenceInput key="platform" source="platform" reference="platforms" alwaysOn>
    <SelectInput optionText="text" />
  </ReferenceInput>,
];

export const List = () => (
  <RaList filters={filters} sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false} perPage={50}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="platform" reference="platforms" link={false} />
      <FlagTextField source="text" />
      <NumberField source="sortOrder" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <ReferenceInput source="platform" reference="platforms">
      <SelectInput optionText="text" validate={required()} />
    </ReferenceInput>
    <TextInput source="text" validate={required()} />
    <NumberInput source="sortOrder" defaultValue={0} />
  </>
);
