import { Create, DateTimeInput, NumberInput, SimpleForm, TextInput, required } from 'react-admin';

/** An operator records a deposit the bank reported (it is matched to an open charge when one fits). */
const DepositCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <TextInput source="bankTransactionId" validate={required()} />
      <TextInput source="depositorName" validate={required()} />
      <NumberInput source="amount" validate={required()} />
      <DateTimeInput
        source="depositedAt"
        validate={required()}
        parse={(v: string) => (v ? new Date(v).toISOString() : v)}
      />
    </SimpleForm>
  </Create>
);

export default DepositCreate;
