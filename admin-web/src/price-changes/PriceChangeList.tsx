import { List, NumberField, ReferenceField, SelectField, SelectInput, TextField, useRecordContext } from 'react-admin';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, labelChoices } from '../common/fields';
import { PRICE_CHANGE_KIND_LABELS, PRICE_CHANGE_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';
import { PRICE_RULE_LABELS } from '../../../server/src/contracts/catalog.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import type { AdminPriceChangeView } from '../../../server/src/contracts/views.js';

const kinds = labelChoices(PRICE_CHANGE_KIND_LABELS);
const rules = labelChoices(PRICE_RULE_LABELS);
const statuses = labelChoices(PRICE_CHANGE_STATUS_LABELS);
const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="status" source="status" label="상태" choices={statuses} alwaysOn />,
];

/** A held change's commands: apply it (the rate and the price its rule makes) or leave it unapplied. */
const HeldCommands = () => {
  const record = useRecordContext<AdminPriceChangeView>();
  if (record?.status !== 'HELD') return null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <CommandButton
        label="반영"
        icon={<CheckIcon />}
        permission="providers"
        confirm="공급사 단가와 그에 따른 판매가를 반영합니다."
        run={(dp, r) => dp.command('price-changes', r.id, 'apply')}
        success="반영했습니다."
      />
      <CommandButton
        label="무시"
        icon={<CloseIcon />}
        color="inherit"
        permission="providers"
        confirm="반영하지 않습니다. 다음 동기화에도 공급사 단가가 같으면 다시 보류됩니다."
        run={(dp, r) => dp.command('price-changes', r.id, 'dismiss')}
        success="무시했습니다."
      />
    </span>
  );
};

/** 가격 변경 내역: what the price sync changed, alerted or holds for an operator (보류: 반영 or 무시). */
const PriceChangeList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <ReferenceField source="providerId" reference="providers" link={false} />
      <ReferenceField source="serviceId" reference="services" link="edit" emptyText="-" />
      <SelectField source="kind" choices={kinds} />
      <SelectField source="status" label="상태" choices={statuses} />
      <SelectField source="rule" choices={rules} emptyText="-" />
      <NumberField source="oldRate" emptyText="-" />
      <NumberField source="newRate" emptyText="-" />
      <NumberField source="oldPoint" emptyText="-" />
      <NumberField source="newPoint" emptyText="-" />
      <TextField source="note" />
      <TextField source="resolvedBy" label="처리" emptyText="-" />
      <HeldCommands />
    </ResponsiveDatagrid>
  </List>
);

export default PriceChangeList;
