import { BooleanField, FunctionField, List as RaList, NumberField, SelectField, TextField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import { tierBonus, type ChargeBonusTier } from '../../../server/src/contracts/charge-bonus.js';
import { ALL_METHODS, kinds, methods } from './choices';

/** 충전 보너스: the bonus a charge of at least `minAmount` gets, shown to members on the charge form. */
const ChargeBonusList = () => (
  <RaList sort={{ field: 'minAmount', order: 'ASC' }} exporter={false}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <NumberField source="minAmount" locales="ko-KR" />
      <SelectField source="kind" choices={kinds} />
      <NumberField source="value" locales="ko-KR" />
      <SelectField source="method" choices={methods} emptyText={ALL_METHODS} />
      <FunctionField
        label="기준 금액 충전 시"
        render={(tier: ChargeBonusTier) => `${tierBonus(tier, tier.minAmount).toLocaleString('ko-KR')}P`}
      />
      <BooleanField source="enabled" />
    </ResponsiveDatagrid>
  </RaList>
);

export default ChargeBonusList;
