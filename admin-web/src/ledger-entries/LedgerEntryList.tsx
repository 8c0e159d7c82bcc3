import { List, NumberInput, SelectInput, TextField, TextInput } from 'react-admin';
import { MemberField } from '../common/references';
import { choicesOf, DateTimeField, ledgerKinds, StatusField, WonField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [
  <NumberInput key="memberId" source="memberId" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={choicesOf(ledgerKinds)} alwaysOn />,
  <TextInput key="referenceType" source="referenceType" />,
  <TextInput key="referenceId" source="referenceId" />,
];

/** The append-only point ledger, read-only. Also embedded in a member's page (filter memberId). */
export const LedgerEntryGrid = ({ showMember = true }: { showMember?: boolean }) => (
  <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
    <TextField source="id" />
    <DateTimeField source="createdAt" />
    {showMember && <MemberField source="memberId" />}
    <StatusField source="kind" labels={ledgerKinds} />
    <WonField source="amount" />
    <WonField source="balanceAfter" />
    <TextField source="referenceType" />
    <TextField source="referenceId" />
    <TextField source="memo" emptyText="" />
  </ResponsiveDatagrid>
);

const LedgerEntryList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <LedgerEntryGrid />
  </List>
);

export default LedgerEntryList;
