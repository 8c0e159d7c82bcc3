import {
  BooleanField,
  List as RaList,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import { FlagTextField } from '../common/fields';
import { typeChoices } from './choices';

const filters = [
  <TextInput key="q" source="q" label="검색 (상품명)" alwaysOn />,
  <ReferenceInput key="categoryId" source="categoryId" reference="categories" alwaysOn>
    <SelectInput optionText="text" />
  </ReferenceInput>,
  <ReferenceInput key="providerId" source="providerId" reference="providers">
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="type" source="type" choices={typeChoices} />,
];

const ServiceList = () => (
  <RaList filters={filters} sort={{ field: 'id', order: 'ASC' }} exporter={false} perPage={50}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="categoryId" reference="categories" link={false} />
      <FlagTextField source="text" />
      <SelectField source="type" choices={typeChoices} />
      <TextField source="point" />
      <NumberField source="min" />
      <NumberField source="max" />
      <BooleanField source="enableAuto" />
      <BooleanField source="refill" />
      <BooleanField source="cancel" />
      <BooleanField source="isReadOnly" />
      <BooleanField source="visible" />
      <ReferenceField source="providerId" reference="providers" link={false} emptyText="-">
        <TextField source="name" />
      </ReferenceField>
      <TextField source="providerServiceId" emptyText="-" />
    </ResponsiveDatagrid>
  </RaList>
);

export default ServiceList;
