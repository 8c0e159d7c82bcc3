import {
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  TextInput,
  minValue,
  required,
} from 'react-admin';
import { COUPON_KIND_LABELS } from '../../../server/src/contracts/coupons.js';
import { labelChoices } from '../common/fields';

/** Service and category numbers as "1, 2, 3" in the form, a list on the wire. */
const idList = {
  format: (ids: number[] | null | undefined) => (ids ?? []).join(', '),
  parse: (text: string) =>
    text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((v) => (/^\d+$/.test(v) ? Number(v) : v)),
};

/** The fields create and edit share; the kind and the shared code are fixed once made. */
export const CouponFields = ({ creating = false }: { creating?: boolean }) => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <SelectInput
      source="kind"
      choices={labelChoices(COUPON_KIND_LABELS)}
      validate={required()}
      disabled={!creating}
      helperText="포인트 적립: 내 정보에서 등록하면 적립 / 정률·정액 할인: 주문 한 건에서 차감"
    />
    <FormDataConsumer>
      {({ formData }) => (
        <>
          <NumberInput
            source="value"
            validate={[required(), minValue(1)]}
            label={formData.kind === 'PERCENT' ? '할인율(%)' : '금액(원)'}
          />
          {formData.kind === 'PERCENT' ? (
            <NumberInput source="maxDiscount" label="최대 할인 금액(원)" min={1} helperText="비우면 제한 없음" />
          ) : null}
        </>
      )}
    </FormDataConsumer>
    {creating ? (
      <TextInput
        source="code"
        helperText="회원이 함께 쓰는 코드 (영문·숫자 4~32자). 비우고 저장한 뒤 일회용 코드를 만들 수 있습니다."
      />
    ) : null}
    <NumberInput
      source="minAmount"
      min={0}
      defaultValue={0}
      helperText="할인: 이 금액 이상 주문 / 포인트: 누적 충전액이 이 금액 이상"
    />
    <DateTimeInput source="startsAt" helperText="비우면 바로 사용 가능" />
    <DateTimeInput source="endsAt" helperText="비우면 무기한" />
    <NumberInput source="totalLimit" min={1} helperText="비우면 제한 없음" />
    <NumberInput source="perMemberLimit" min={1} defaultValue={1} validate={required()} />
    <TextInput source="serviceIds" {...idList} helperText="상품 번호, 쉼표로 구분 (비우면 모든 상품)" />
    <TextInput source="categoryIds" {...idList} helperText="카테고리 번호, 쉼표로 구분" />
    <BooleanInput source="enabled" defaultValue={true} />
  </>
);
