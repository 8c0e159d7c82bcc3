import { BooleanInput, NumberInput, SelectInput, required } from 'react-admin';
import { ALL_METHODS, kinds, methods } from './choices';

const ChargeBonusForm = () => (
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

export default ChargeBonusForm;
