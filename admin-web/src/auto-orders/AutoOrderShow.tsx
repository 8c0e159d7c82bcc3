import { NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import { CommandBar, CommandButton } from '../common/CommandButton';
import { autoOrderStatuses, DateTimeField, LinkField, StatusField, WonField } from '../common/fields';
import { LedgerEntryGrid } from '../ledger-entries/LedgerEntryList';
import { OrderGrid } from '../orders/OrderList';
import { MemberField, Related, ServiceField } from '../common/references';
import { autoOrderCommands } from '../../../server/src/contracts/commands.js';
import type { AdminAutoOrderView } from '../../../server/src/contracts/views.js';

const Commands = () => {
  const record = useRecordContext<AdminAutoOrderView>();
  return (
    <CommandBar>
      <CommandButton
        label="취소 및 환불"
        permission="orders.command"
        icon={<CancelIcon />}
        color="error"
        disabled={!record || !autoOrderCommands(record).includes('cancel')}
        confirm="자동주문을 취소하고 아직 시작하지 않은 회차의 포인트를 환불합니다."
        run={(dp, r) => dp.cancelAutoOrder(r.id)}
        ledger
        success="자동주문을 취소했습니다."
      />
    </CommandBar>
  );
};

const AutoOrderShow = () => (
  <Show actions={<Commands />}>
    <SimpleShowLayout>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <MemberField source="memberId" />
      <ServiceField source="serviceId" link />
      <LinkField source="link" />
      <WonField source="point" />
      <WonField source="refunded" />
      <NumberField source="amount" />
      <NumberField source="runs" />
      <NumberField source="completed" />
      <NumberField source="interval" />
      <StatusField source="status" labels={autoOrderStatuses} />
      <DateTimeField source="nextRunAt" emptyText="-" />
      <Typography variant="subtitle2">회차 주문</Typography>
      <Related reference="orders" target="autoOrderId">
        <OrderGrid showMember={false} />
      </Related>
      <Typography variant="subtitle2">원장 기록</Typography>
      <Related reference="ledger-entries" target="referenceId" filter={{ referenceType: 'auto-order' }}>
        <LedgerEntryGrid showMember={false} />
      </Related>
    </SimpleShowLayout>
  </Show>
);

export default AutoOrderShow;
