import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, labelChoices } from '../common/fields';
import { DELIVERY_CHANNEL_LABELS, DELIVERY_STATUS_LABELS } from '../../../server/src/contracts/delivery.js';
import {
  deliveryEventLabel,
  deliveryFailureLabel,
  deliveryStateLabel,
} from '../../../server/src/contracts/delivery-wording.js';

const channels = labelChoices(DELIVERY_CHANNEL_LABELS);
const statuses = labelChoices(DELIVERY_STATUS_LABELS);

const filters = [
  <SelectInput key="channel" source="channel" choices={channels} alwaysOn />,
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <TextInput key="memberId" source="memberId" />,
  <TextInput key="q" source="q" label="이벤트 검색" />,
];

const Resend = () => (
  <CommandButton
    label="다시 보내기"
    icon={<ReplayIcon />}
    confirm="이 메시지를 지금 다시 보냅니다. (웹훅은 같은 webhook-id로 보냅니다)"
    run={(dp, r) => dp.command('deliveries', r.id, 'resend')}
    success="다시 보내도록 예약했습니다."
  />
);

const state = (r: RaRecord) => deliveryStateLabel({ status: r.status, attempts: Number(r.attempts) });
/** Why it failed, in Korean; nothing for a sent message (its answer is shown as it came). */
const failure = (r: RaRecord) =>
  r.status === 'SENT' || r.status === 'STORED' ? null : deliveryFailureLabel(r.lastAnswer, r.lastStatus);
const answer = (r: RaRecord) => (
  <span title={r.lastAnswer ?? undefined}>{failure(r) ?? (r.lastAnswer as string | null) ?? ''}</span>
);
const line = (r: RaRecord) =>
  `${state(r)} · 시도 ${r.attempts}회${r.lastStatus ? ` · HTTP ${r.lastStatus}` : ''}${failure(r) ? ` · ${failure(r)}` : ''}`;

/**
 * 발송 내역: every message of the delivery engine (webhooks, mail, SMS, Telegram, 알림톡), recipients
 * masked, with the last answer and 다시 보내기. Below 600px the table becomes a card list.
 */
const DeliveryList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(r) =>
            `#${r.id} ${DELIVERY_CHANNEL_LABELS[r.channel as keyof typeof DELIVERY_CHANNEL_LABELS] ?? r.channel} · ${deliveryEventLabel(r.event)}`
          }
          secondaryText={(r) => `${r.recipient} · ${line(r)}`}
          tertiaryText={() => <Resend />}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" />
          <DateTimeField source="createdAt" />
          <SelectField source="channel" choices={channels} />
          <FunctionField source="event" render={(r) => deliveryEventLabel(r.event)} />
          <TextField source="recipient" />
          <FunctionField source="status" render={state} />
          <NumberField source="attempts" />
          <TextField source="lastStatus" emptyText="" />
          <FunctionField source="lastAnswer" render={answer} />
          <DateTimeField source="sentAt" />
          <Resend />
        </Datagrid>
      )}
    </List>
  );
};

export default DeliveryList;
