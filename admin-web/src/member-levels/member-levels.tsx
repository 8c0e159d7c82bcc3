import { Datagrid, List as RaList, NumberField, NumberInput, TextField, TextInput, required } from 'react-admin';

/** 회원 등급: reached at a cumulative accepted charge total, a discount on every price the member sees and pays. */
export const List = () => (
  <RaList sort={{ field: 'threshold', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <NumberField source="threshold" locales="ko-KR" />
      <TextField source="discountPercent" />
    </Datagrid>
  </RaList>
);

export const Form = () => (
  <>
    <TextInput source="name" validate={required()} />
    <NumberInput
      source="threshold"
      validate={required()}
      min={0}
      helperText="이 금액 이상 충전이 승인되면 자동으로 올라갑니다."
    />
    <TextInput source="discountPercent" validate={required()} helperText="0~100, 소수 둘째 자리까지 (예: 2.5)" />
  </>
);
