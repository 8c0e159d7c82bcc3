import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import SendIcon from '@mui/icons-material/Send';
import {
  BooleanInput,
  Datagrid,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  SelectField,
  SelectInput,
  TextField,
  RecordContextProvider,
  useListContext,
  useRecordContext,
  WrapperField,
} from 'react-admin';
import { DateTimeField, labelChoices, WonField } from '../common/fields';
import { MemberField, ServiceField } from '../common/references';
import { SUBSCRIPTION_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';
import { CommandButton } from '../common/CommandButton';
import type { AdminSubscriptionView } from '../../../server/src/contracts/views.js';

const statuses = labelChoices(SUBSCRIPTION_STATUS_LABELS);

const filters = [
  <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  <BooleanInput key="open" source="open" label="진행 중만" />,
  <BooleanInput key="held" source="held" label="확인 필요만" />,
  <NumberInput key="memberId" source="memberId" />,
  <NumberInput key="serviceId" source="serviceId" />,
];

/**
 * A subscription whose `add` the provider never answered is held (never sent again by itself): after
 * checking the provider's panel, the operator links the id found there, sends it again, or cancels it.
 */
const HeldCommands = () => {
  const record = useRecordContext<AdminSubscriptionView>();
  if (!record?.held) return null;
  return (
    <>
      <CommandButton
        label="연결/재전송"
        permission="orders.command"
        icon={<SendIcon />}
        fields={[{ name: 'providerSubscriptionId', label: '공급사 구독번호 (이미 접수된 경우만)', required: false }]}
        run={(dp, r, v) => dp.resendSubscription(r.id, v.providerSubscriptionId)}
        success={(r: { providerSubscriptionId: string | null }) =>
          r.providerSubscriptionId ? '공급사 구독을 연결했습니다.' : '다음 전송 때 공급사로 다시 보냅니다.'
        }
      />
      <CommandButton
        label="취소 및 환불"
        permission="orders.command"
        icon={<CancelIcon />}
        color="error"
        confirm="공급사에 구독이 없는 것을 확인했을 때만 취소하세요. 구독을 취소하고 결제 포인트 전액을 환불합니다."
        run={(dp, r) => dp.cancelHeldSubscription(r.id)}
        ledger
        success="구독을 취소하고 환불했습니다."
      />
    </>
  );
};

/** On a phone, one card per subscription: what an operator acts on (money, status, the provider's word, commands). */
const SubscriptionCards = () => {
  const { data = [], isPending } = useListContext<AdminSubscriptionView>();
  if (isPending) return null;
  return (
    <Stack spacing={1.5} sx={{ p: 1 }} data-testid="subscription-cards">
      {data.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Card variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{r.username}</Typography>
                <Typography variant="caption" color="text.secondary">
                  #{r.id}
                </Typography>
              </Stack>
              <ServiceField source="serviceId" />
              <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                <MemberField source="memberId" />
                <SelectField source="status" choices={statuses} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                선결제 <WonField source="point" /> · 사용 <WonField source="used" /> · 환불{' '}
                <WonField source="refunded" />
              </Typography>
              {r.lastError ? (
                <Typography variant="body2" color="warning.main" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {r.lastError}
                </Typography>
              ) : null}
            </CardContent>
            {r.held ? (
              <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5 }} justifyContent="flex-end">
                <HeldCommands />
              </Stack>
            ) : null}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** Members' subscriptions (자동 좋아요): what was paid, used by the child orders and refunded at the end. */
const SubscriptionList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SubscriptionCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" />
          <DateTimeField source="createdAt" />
          <MemberField source="memberId" />
          <ServiceField source="serviceId" />
          <TextField source="username" />
          <NumberField source="min" />
          <NumberField source="max" />
          <NumberField source="postsUsed" />
          <NumberField source="posts" />
          <NumberField source="delay" />
          <TextField source="expiry" emptyText="-" />
          <WonField source="point" />
          <WonField source="used" />
          <WonField source="refunded" />
          <WonField source="debited" />
          <SelectField source="status" choices={statuses} />
          <TextField source="pauseReason" emptyText="-" />
          <ReferenceField source="providerId" reference="providers" link="edit" emptyText="-">
            <TextField source="name" />
          </ReferenceField>
          <TextField source="providerSubscriptionId" emptyText="-" />
          <TextField source="lastError" emptyText="-" />
          <WrapperField label="확인 필요">
            <HeldCommands />
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
};

export default SubscriptionList;
