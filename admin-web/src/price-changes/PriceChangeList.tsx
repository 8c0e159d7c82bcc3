import { List, NumberField, ReferenceField, SelectField, SelectInput, TextField } from 'react-admin';
import { DateTimeField, labelChoices } from '../common/fields';
import { PRICE_CHANGE_KIND_LABELS } from '../../../server/src/contracts/statuses.js';
import { PRICE_RULE_LABELS } from '../../../server/src/contracts/catalog.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const kinds = labelChoices(PRICE_CHANGE_KIND_LABELS);
const rules = labelChoices(PRICE_RULE_LABELS);
const filters = [<SelectInput key="kind" source="kind" choices={kinds} alwaysOn />];

/** 가격 변경 내역: what the price sync changed or alerted, read-only. */
const PriceChangeList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <ReferenceField source="providerId" reference="providers" link={false} />
      <ReferenceField source="serviceId" reference="services" link="edit" emptyText="-" />
      <SelectField source="kind" choices={kinds} />
      <SelectField source="rule" choices={rules} emptyText="-" />
      <NumberField source="oldRate" emptyText="-" />
      <NumberField source="newRate" emptyText="-" />
      <NumberField source="oldPoint" emptyText="-" />
      <NumberField source="newPoint" emptyText="-" />
      <TextField source="note" />
    </ResponsiveDatagrid>
  </List>
);

export default PriceChangeList;
