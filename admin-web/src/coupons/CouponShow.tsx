import {
  BooleanField,
  Datagrid,
  EditButton,
  FunctionField,
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import QrCodeIcon from '@mui/icons-material/QrCode';
import { COUPON_BATCH_MAX, COUPON_KIND_LABELS, formatCouponCode } from '../../../server/src/contracts/coupons.js';
import { CommandBar, CommandButton } from '../common/CommandButton';
import { DateTimeField, labelChoices, WonField } from '../common/fields';
import { MemberField, Related } from '../common/references';

const Commands = () => (
  <CommandBar>
    <EditButton />
    <CommandButton
      label="일회용 코드 만들기"
      icon={<QrCodeIcon />}
      permission="points.adjust"
      fields={[
        { name: 'count', label: `만들 개수 (최대 ${COUPON_BATCH_MAX.toLocaleString('ko-KR')})`, type: 'number' },
      ]}
      run={(dp, r, v) => dp.command('coupons', r.id, 'codes', { count: Number(v.count) })}
      success={(result: { codes: string[] }) =>
        `일회용 코드 ${result.codes.length}개를 만들었습니다. 아래 목록에 있습니다.`
      }
    />
  </CommandBar>
);

/** One coupon: its terms, its figures, every use (member, order, won) and its codes. */
const CouponShow = () => (
  <Show actions={<Commands />}>
    <SimpleShowLayout>
      <TextField source="name" />
      <SelectField source="kind" choices={labelChoices(COUPON_KIND_LABELS)} />
      <NumberField source="value" locales="ko-KR" />
      <WonField source="maxDiscount" emptyText="-" />
      <WonField source="minAmount" />
      <TextField source="code" emptyText="일회용 코드만" />
      <DateTimeField source="startsAt" emptyText="-" />
      <DateTimeField source="endsAt" emptyText="무기한" />
      <TextField source="totalLimit" emptyText="제한 없음" />
      <TextField source="perMemberLimit" />
      <FunctionField
        source="serviceIds"
        render={(r) => (r.serviceIds?.length ? r.serviceIds.join(', ') : '모든 상품')}
      />
      <FunctionField source="categoryIds" render={(r) => (r.categoryIds?.length ? r.categoryIds.join(', ') : '-')} />
      <BooleanField source="enabled" />
      <TextField source="usesCount" />
      <WonField source="givenTotal" />
      <TextField source="ordersCount" />
      <Labeled label="사용 내역" fullWidth>
        <Related reference="coupon-uses" target="couponId">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="id" />
            <DateTimeField source="createdAt" />
            <MemberField source="memberId" />
            <FunctionField source="orderId" render={(r) => (r.orderId ? `주문 #${r.orderId}` : '포인트 적립')} />
            <WonField source="amount" />
          </Datagrid>
        </Related>
      </Labeled>
      <Labeled label="코드" fullWidth>
        <Related reference="coupon-codes" target="couponId">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField source="code" render={(r) => formatCouponCode(r.code)} />
            <FunctionField source="singleUse" render={(r) => (r.singleUse ? '일회용' : '공용')} />
            <DateTimeField source="usedAt" emptyText="-" />
          </Datagrid>
        </Related>
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default CouponShow;
