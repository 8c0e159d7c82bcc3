import { NumberInput, TextInput, required } from 'react-admin';

const MemberLevelForm = () => (
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

export default MemberLevelForm;
