import { NumberField, ReferenceField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import {
  CancelOrderButton,
  PartialOrderButton,
  ResendOrderButton,
  SetOrderStatusButton,
  StartCountButton,
} from '../common/OrderCommandButtons';
import { DateTimeField, dispatchStatuses, LinkField, orderStatuses, StatusField, WonField } from '../common/fields';
import { LedgerEntryGrid } from '../ledger-entries/LedgerEntryList';
import { DispatchField, MemberField, Related, ServiceField } from '../common/references';
import { orderCommands } from '../../../server/src/contracts/commands.js';
import type { AdminOrderView } from '../../../server/src/contracts/views.js';
import { CommandBar } from '../common/CommandButton';

/** The operator's commands, offered where the order's state machine allows them. */
const OrderCommands = () => {
  const order = useRecordContext<AdminOrderView>();
  if (!order) return null;
  const allowed = orderCommands(order);
  return (
    <CommandBar>
      <CancelOrderButton allowed={allowed} />
      <PartialOrderButton allowed={allowed} />
      <StartCountButton />
      <SetOrderStatusButton allowed={allowed} />
      <ResendOrderButton allowed={allowed} />
    </CommandBar>
  );
};

const OrderShow = () => (
  <Show actions={<OrderCommands />}>
    <SimpleShowLayout>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <MemberField source="memberId" />
      <ServiceField source="serviceId" link />
      <LinkField source="link" />
      <WonField source="point" />
      <NumberField source="amount" />
      <TextField source="serviceType" />
      <TextField source="comments" emptyText="-" component="pre" sx={{ whiteSpace: 'pre-wrap', margin: 0 }} />
      <StatusField source="status" labels={orderStatuses} />
      <DateTimeField source="cancelRequestedAt" emptyText="-" />
      <DateTimeField source="cancelForwardedAt" emptyText="-" />
      <TextField source="cancelRefusal" emptyText="-" />
      <NumberField source="startCount" emptyText="-" />
      <NumberField source="remains" emptyText="-" />
      <WonField source="refunded" />
      <NumberField source="runNumber" emptyText="-" />
      <ReferenceField source="providerId" reference="providers" link="edit" emptyText="-">
        <TextField source="name" />
      </ReferenceField>
      <DispatchField label="resources.orders.fields.dispatchStatus">
        <StatusField source="status" labels={dispatchStatuses} />
      </DispatchField>
      <DispatchField label="resources.orders.fields.providerOrderId">
        <TextField source="providerOrderId" emptyText="-" />
      </DispatchField>
      <DispatchField label="resources.orders.fields.dispatchAttempts">
        <NumberField source="attempts" />
      </DispatchField>
      <DispatchField label="resources.orders.fields.lastError">
        <TextField source="lastError" emptyText="-" />
      </DispatchField>
      <DispatchField label="resources.orders.fields.lastSyncedAt">
        <DateTimeField source="lastSyncedAt" emptyText="-" />
      </DispatchField>
      <ReferenceField source="autoOrderId" reference="auto-orders" link="show" emptyText="-">
        <TextField source="id" />
      </ReferenceField>
      <Typography variant="subtitle2">원장 기록</Typography>
      <Related reference="ledger-entries" target="referenceId" filter={{ referenceType: 'order' }}>
        <LedgerEntryGrid showMember={false} />
      </Related>
    </SimpleShowLayout>
  </Show>
);

export default OrderShow;
