import {
  BooleanField,
  BooleanInput,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import {
  SERVICE_CHANGE_KIND_LABELS,
  SERVICE_CHANGE_SOURCE_LABELS,
} from '../../../server/src/contracts/service-changes.js';
import { DateTimeField, labelChoices } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const kinds = labelChoices(SERVICE_CHANGE_KIND_LABELS);
const sources = labelChoices(SERVICE_CHANGE_SOURCE_LABELS);
const filters = [
  <TextInput key="q" source="q" label="검색" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="source" source="source" choices={sources} />,
  <BooleanInput key="hidden" source="hidden" />,
];

type Row = { oldPrice: string | null; newPrice: string | null; per: number };
const price = (value: string | null) => (value === null ? '-' : `${Number(value).toLocaleString('ko-KR')}원`);

/** 서비스 변경 안내: every entry, hidden ones too; a row opens the hide/note form. */
const ServiceChangeList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick="edit">
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <TextField source="serviceName" />
      <SelectField source="kind" choices={kinds} />
      <SelectField source="source" choices={sources} />
      <FunctionField
        source="newPrice"
        sortable={false}
        render={(r: Row) => `${price(r.oldPrice)} → ${price(r.newPrice)} (${r.per === 1 ? '1개' : '1000개'}당)`}
      />
      <TextField source="note" emptyText="-" />
      <BooleanField source="hidden" />
    </ResponsiveDatagrid>
  </List>
);

export default ServiceChangeList;
