import { BooleanInput, NumberInput, PasswordInput, TextInput, required } from 'react-admin';

/** The API key is write-only: never shown, sent only when typed. */
const ProviderForm = () => (
  <>
    <TextInput source="name" validate={required()} />
    <TextInput source="apiUrl" validate={required()} fullWidth helperText="SMM 패널 API v2 주소" />
    <PasswordInput
      source="apiKey"
      parse={(v: string) => v || undefined}
      helperText="변경할 때와 API 주소를 바꿀 때 입력하세요 (저장 후에는 표시되지 않습니다)"
    />
    <BooleanInput source="enabled" defaultValue />
    <NumberInput source="timeoutMs" defaultValue={15000} helperText="공급사 응답 제한 시간 (ms)" />
    <TextInput
      source="currencyRate"
      defaultValue="1"
      validate={required()}
      helperText="원화 공급사는 1 (소수점 6자리까지). 원가와 가격 동기화가 이 환율을 씁니다."
    />
  </>
);

export default ProviderForm;
