import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  minValue,
  required,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { PRICE_RULES, PRICE_RULE_LABELS } from '../../../server/src/contracts/catalog.js';
import { typeChoices } from './choices';

/** The backup providers' 추가 and 빼기: react-admin's iterator draws them as bare icons at every width. */
const AddBackupButton = () => {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
      추가
    </Button>
  );
};
const RemoveBackupButton = () => {
  const { remove } = useSimpleFormIteratorItem();
  return (
    <Button size="small" color="warning" startIcon={<RemoveIcon />} onClick={() => remove()}>
      빼기
    </Button>
  );
};

/** What the price sync does when the provider's rate changes (contracts/catalog.ts), in Korean. */
const priceRuleChoices = PRICE_RULES.map((id) => ({ id, name: PRICE_RULE_LABELS[id] }));

const ServiceForm = () => (
  <>
    <ReferenceInput source="categoryId" reference="categories">
      <SelectInput optionText="text" validate={required()} />
    </ReferenceInput>
    <TextInput source="text" validate={required()} fullWidth />
    <SelectInput
      source="type"
      choices={typeChoices}
      defaultValue="Default"
      validate={required()}
      helperText="패키지는 최소·최대 수량 1, 단가는 패키지 1개 가격입니다."
    />
    <TextInput source="point" validate={required()} helperText="1개당 포인트 (소수점 6자리까지, 예: 1.5)" />
    <NumberInput source="min" validate={[required(), minValue(1)]} />
    <NumberInput source="max" validate={[required(), minValue(1)]} />
    <TextInput source="notice" multiline fullWidth />
    <BooleanInput source="enableAuto" />
    <BooleanInput source="refill" helperText="완료 후 리필 기간 안에 회원이 리필을 요청할 수 있습니다." />
    <NumberInput source="refillDays" defaultValue={30} validate={[minValue(1)]} />
    <BooleanInput source="cancel" helperText="공급사가 진행 중 주문의 취소를 받습니다." />
    <BooleanInput source="isReadOnly" />
    <BooleanInput source="visible" defaultValue />
    <NumberInput source="sortOrder" defaultValue={0} />
    <Typography variant="subtitle2">공급사 연결</Typography>
    <ReferenceInput source="providerId" reference="providers">
      <SelectInput optionText="name" emptyText="연결 안 함" parse={(v: string) => (v === '' ? null : v)} />
    </ReferenceInput>
    <TextInput
      source="providerServiceId"
      parse={(v: string) => v || null}
      helperText="공급사와 함께 입력 (공급사의 서비스 번호)"
    />
    <TextInput
      source="providerRate"
      parse={(v: string) => v || null}
      helperText="공급사 통화 기준 1000개당 단가 (가격 동기화가 갱신합니다)"
    />
    <SelectInput
      source="priceRule"
      choices={priceRuleChoices}
      defaultValue="KEEP_PRICE"
      validate={required()}
      helperText="공급사 단가가 바뀌었을 때 가격 동기화가 하는 일"
    />
    <Typography variant="subtitle2">예비 공급사 (순서대로 시도, 5개까지)</Typography>
    <ArrayInput source="backupProviders" defaultValue={[]}>
      <SimpleFormIterator inline disableClear addButton={<AddBackupButton />} removeButton={<RemoveBackupButton />}>
        <ReferenceInput source="providerId" reference="providers">
          <SelectInput optionText="name" label="resources.services.fields.backupProviderId" validate={required()} />
        </ReferenceInput>
        <TextInput source="serviceId" label="resources.services.fields.backupServiceId" validate={required()} />
      </SimpleFormIterator>
    </ArrayInput>
  </>
);

export default ServiceForm;
