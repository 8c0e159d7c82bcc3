import { FunctionField, NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import UndoIcon from '@mui/icons-material/Undo';
import { CommandBar, CommandButton, heldOr } from '../common/CommandButton';
import { chargeStatuses, DateTimeField, StatusField, WonField } from '../common/fields';
import { MemberField } from '../common/references';
import { MethodField } from './MethodField';
import { refundablePoint } from '../../../server/src/contracts/commands.js';
import type { AdminChargeView } from '../../../server/src/contracts/views.js';

/**
 * Refund of a Toss charge: cancels (part of) the payment at Toss and takes the points back, only up
 * to what the member has not spent; a refusal shows Toss's reason.
 */
const Commands = () => {
  const charge = useRecordContext<AdminChargeView>();
  const refundable = charge ? refundablePoint(charge) : 0;
  return (
    <CommandBar>
      {charge?.method === 'TOSS' ? (
        <CommandButton
          label="결제 환불"
          permission="refunds"
          icon={<UndoIcon />}
          color="error"
          disabled={refundable <= 0}
          fields={[
            {
              name: 'point',
              label: `환불할 포인트 (최대 ${refundable.toLocaleString('ko-KR')})`,
              type: 'number',
              defaultValue: String(refundable),
            },
            { name: 'reason', label: '환불 사유' },
          ]}
          run={(dp, r, v) => dp.refundCharge(r.id, Number(v.point), v.reason!)}
          ledger={(r) => ['charge-refund', `${r.id}:${r.refundedPoint ?? 0}`]}
          success={heldOr('결제를 환불했습니다.')}
        />
      ) : null}
    </CommandBar>
  );
};

const bankName = (code: string) =>
  ({
    '20': '우리은행',
    '04': 'KB국민은행',
    '88': '신한은행',
    '81': '하나은행',
    '11': 'NH농협은행',
    '03': 'IBK기업은행',
    '90': '카카오뱅크',
    '92': '토스뱅크',
  })[code] ?? code;

/** One charge: how it was paid (bank transfer or Toss: method, paymentKey, status, virtual account), refunds. */
const ChargeShow = () => (
  <Show actions={<Commands />}>
    <SimpleShowLayout>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <MemberField source="memberId" />
      <MethodField source="method" />
      <TextField source="depositorName" />
      <WonField source="point" />
      <WonField source="depositAmount" />
      <TextField source="feeType" />
      <StatusField source="status" labels={chargeStatuses} />
      <DateTimeField source="responseAt" emptyText="-" />
      <TextField source="resolvedBy" emptyText="-" />
      <TextField source="tossPaymentKey" emptyText="-" />
      <TextField source="tossStatus" emptyText="-" />
      <FunctionField
        source="virtualAccount"
        render={(r) =>
          r.virtualAccount
            ? `${bankName(r.virtualAccount.bankCode)} ${r.virtualAccount.accountNumber} (기한 ${r.virtualAccount.dueDate})`
            : '-'
        }
      />
      <NumberField source="refundedPoint" />
      <NumberField source="refundedAmount" />
      <TextField source="tossFailure" emptyText="-" />
    </SimpleShowLayout>
  </Show>
);

export default ChargeShow;
