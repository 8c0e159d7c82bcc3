import {
  BooleanInput,
  List,
  NumberInput,
  ReferenceField,
  SelectField,
  SelectInput,
  TextField,
  useRecordContext,
} from 'react-admin';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, labelChoices } from '../common/fields';
import { MemberField } from '../common/references';
import { refillCommands } from '../../../server/src/contracts/commands.js';
import type { RefillStatus } from '../../../server/src/contracts/statuses.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import type { AdminRefillView } from '../../../server/src/contracts/views.js';

/** The console's own words for a refill's state (the server's messages say 접수 and 진행중). */
const STATUS_NAMES: Record<RefillStatus, string> = {
  PENDING: '요청됨',
  PROCESSING: '공급사 진행중',
  COMPLETED: '완료',
  REJECTED: '거절',
};
const statuses = labelChoices(STATUS_NAMES);

const filters = [
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <BooleanInput key="open" source="open" label="진행 중만" />,
  <NumberInput key="memberId" source="memberId" />,
  <NumberInput key="orderId" source="orderId" />,
];

/** Mark done / reject with a reason: only while the refill is open. */
const Commands = () => {
  const refill = useRecordContext<AdminRefillView>();
  if (!refill) return null;
  const allowed = refillCommands(refill);
  return (
    <>
      <CommandButton
        label="완료 처리"
        icon={<CheckIcon />}
        disabled={!allowed.includes('complete')}
        run={(dp, r) => dp.completeRefill(r.id)}
        success="리필을 완료로 처리했습니다."
      />
      <CommandButton
        label="거절"
        icon={<BlockIcon />}
        color="error"
        disabled={!allowed.includes('reject')}
        fields={[{ name: 'reason', label: '거절 사유 (회원에게 보입니다)' }]}
        run={(dp, r, v) => dp.rejectRefill(r.id, v.reason!)}
        success="리필 요청을 거절했습니다."
      />
    </>
  );
};

/** Members' refill requests: those of orders no provider placed wait here for an operator. */
const RefillList = () => (
  <List filters={filters} filterDefaultValues={{ open: true }} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <ReferenceField source="orderId" reference="orders" link="show" />
      <MemberField source="memberId" />
      <ReferenceField source="providerId" reference="providers" link={false} emptyText="직접 처리">
        <TextField source="name" />
      </ReferenceField>
      <TextField source="providerRefillId" emptyText="-" />
      <SelectField source="status" choices={statuses} />
      <TextField source="reason" emptyText="" />
      <Commands />
    </ResponsiveDatagrid>
  </List>
);

export default RefillList;
