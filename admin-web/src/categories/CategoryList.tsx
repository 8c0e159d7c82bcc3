import {
  Datagrid,
  List as RaList,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { FlagTextField } from '../common/fields';

const filters = [
  <TextInput key="q" source="q" label="검색 (이름)" alwaysOn />,
  <ReferenceInput key="platform" source="platform" reference="platforms" alwaysOn>
    <SelectInput optionText="text" />
  </ReferenceInput>,
];

const CategoryList = () => (
  <RaList filters={filters} sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false} perPage={50}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="platform" reference="platforms" link={false} />
      <FlagTextField source="text" />
      <NumberField source="sortOrder" />
    </Datagrid>
  </RaList>
);

export default CategoryList;
