import { BooleanField, List, NullableBooleanInput, SelectField, TextField, TextInput } from 'react-admin';
import { COUPON_KIND_LABELS } from '../../../server/src/contracts/coupons.js';
import { DateTimeField, labelChoices, WonField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [
  <TextInput key="q" source="q" label="이름·코드 검색" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" label="사용 중" />,
];

/** 쿠폰: what each gives, how often it was used, what it cost (won given away) and the orders it brought. */
const CouponList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick="show">
      <TextField source="id" />
      <TextField source="name" />
      <SelectField source="kind" choices={labelChoices(COUPON_KIND_LABELS)} sortable={false} />
      <TextField source="value" sortable={false} />
      <TextField source="code" sortable={false} emptyText="일회용 코드" />
      <TextField source="usesCount" />
      <WonField source="givenTotal" />
      <TextField source="ordersCount" sortable={false} />
      <BooleanField source="enabled" sortable={false} />
      <DateTimeField source="endsAt" sortable={false} emptyText="무기한" />
    </ResponsiveDatagrid>
  </List>
);

export default CouponList;
