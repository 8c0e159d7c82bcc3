import {
  BooleanField,
  BooleanInput,
  FunctionField,
  List as RaList,
  NumberField,
  NumberInput,
  SelectField,
  SelectInput,
  TextField,
  required,
} from 'react-admin';
import { labelChoices } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import {
  CHARGE_BONUS_KIND_LABELS,
  CHARGE_BONUS_METHOD_LABELS,
  tierBonus,
  type ChargeBonusTier,
} from '../../../server/src/contracts/charge-bonus.js';

const kinds = labelChoices(CHARGE_BONUS_KIND_LABELS);
const methods = labelChoices(CHARGE_BONUS_METHOD_LABELS);
const ALL_METHODS = '모든 결제 수단';

/** 충전 보너스: the bonus a charge of at least `minAmount` gets, shown to members on the charge form. */
export const List = () => (
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

export const Form = () => (
  <>
    <NumberInput
      source="minAmount"
      validate={required()}
      min={1}
      helperText="이 금액 이상 충전하면 보너스를 받습니다. 여러 구간에 해당하면 기준 금액이 가장 높은 구간 하나만 적용되고, 같은 기준 금액이면 결제 수단을 지정한 구간이 우선합니다."
    />
    <SelectInput source="kind" choices={kinds} validate={required()} />
    <NumberInput source="value" validate={required()} min={1} helperText="비율은 1~100(%), 정액은 포인트(P)" />
    <SelectInput
      source="method"
      choices={methods}
      emptyText={ALL_METHODS}
      parse={(value: string) => (value === '' ? null : value)}
      helperText="비워 두면 모든 결제 수단에 적용됩니다."
    />
    <BooleanInput source="enabled" defaultValue />
  </>
);
