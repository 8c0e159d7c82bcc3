import { List, NumberInput, ReferenceField, TextField } from 'react-admin';
import { DateTimeField, WonField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const filters = [
  <NumberInput key="referrerId" source="referrerId" alwaysOn />,
  <NumberInput key="referredId" source="referredId" />,
  <NumberInput key="chargeId" source="chargeId" />,
];

/**
 * Referral rewards, one per accepted charge of a referred member (ledger REFERRAL). "회수하지 못한
 * 포인트" is the part of a refunded charge's reward the referrer had already spent.
 */
const ReferralList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <ReferenceField source="referrerId" reference="members" link="show" emptyText="-">
        <TextField source="loginId" />
      </ReferenceField>
      <ReferenceField source="referredId" reference="members" link="show" emptyText="-">
        <TextField source="loginId" />
      </ReferenceField>
      <TextField source="chargeId" />
      <TextField source="rate" />
      <WonField source="amount" />
      <WonField source="reclaimed" />
      <WonField source="unrecovered" />
    </ResponsiveDatagrid>
  </List>
);

export default ReferralList;
