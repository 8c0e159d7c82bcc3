import {
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { CommandButton } from '../common/CommandButton';
import { choicesOf, DateTimeField, LinkField, orderStatuses, StatusField, WonField } from '../common/fields';
import { LedgerEntryGrid } from '../ledger-entries/LedgerEntryList';
import { DispatchField, MemberField, Related, ServiceField } from '../common/references';
import { orderCommands } from '../../../server/src/contracts/commands.js';
import type { AdminOrderView } from '../../../server/src/contracts/views.js';

/** The operator's commands, offered where the order's state machine allows them. */
const OrderCommands = () => {
  const order = useRecordContext<AdminOrderView>();
  if (!order) return null;
  const allowed = orderCommands(order);
  return (
    <TopToolbar>
      <CommandButton
        label="취소 및 환불"
        permission="orders.command"
        icon={<CancelIcon />}
        color="error"
        disabled={!allowed.includes('cancel')}
        confirm="주문을 취소하고 결제 포인트 전액을 환불합니다."
        run={(dp, r) => dp.cancelOrder(r.id)}
        ledger
        success="주문을 취소하고 환불했습니다."
      />
      <CommandButton
        label="부분 완료"
        permission="orders.manage"
        icon={<ContentCutIcon />}
        color="warning"
        disabled={!allowed.includes('partial')}
        fields={[{ name: 'remains', label: '남은 수량', type: 'number' }]}
        run={(dp, r, v) => dp.partialOrder(r.id, Number(v.remains))}
        ledger
        success="부분 완료로 처리하고 남은 수량을 환불했습니다."
      />
      <CommandButton
        label="시작 수량"
        permission="orders.manage"
        icon={<PlayArrowIcon />}
        fields={[{ name: 'startCount', label: '주문 전 수량', type: 'number' }]}
        run={(dp, r, v) => dp.setStartCount(r.id, Number(v.startCount))}
      />
      <CommandButton
        label="상태 변경"
        permission="orders.manage"
        icon={<SyncAltIcon />}
        disabled={!allowed.includes('status')}
        fields={[
          { name: 'status', label: '새 상태', choices: choicesOf(orderStatuses) },
          { name: 'remains', label: '남은 수량 (부분완료일 때)', type: 'number', required: false },
        ]}
        run={(dp, r, v) => dp.setOrderStatus(r.id, v.status!, v.remains ? Number(v.remains) : undefined)}
        ledger
      />
      <CommandButton
        label="공급사 재전송"
        permission="orders.command"
        icon={<SendIcon />}
        disabled={!allowed.includes('resend')}
        fields={[{ name: 'providerOrderId', label: '공급사 주문번호 (이미 접수된 경우만)', required: false }]}
        run={(dp, r, v) => dp.resendOrder(r.id, v.providerOrderId)}
        success="공급사로 다시 보냈습니다."
      />
    </TopToolbar>
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
