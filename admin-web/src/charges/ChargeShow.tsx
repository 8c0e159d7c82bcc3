import { FunctionField, NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import UndoIcon from '@mui/icons-material/Undo';
import { CommandBar, CommandButton, heldOr } from '../common/CommandButton';
import { chargeStatuses, DateTimeField, StatusField, WonField } from '../common/fields';
import { MemberField } from '../common/references';
import { MethodField } from './MethodField';
import { refundableAmount, refundablePoint } from '../../../server/src/contracts/commands.js';
import type { BankRefundResult } from '../../../server/src/contracts/charge.js';
import type { AdminChargeView } from '../../../server/src/contracts/views.js';

const won = (n: number) => n.toLocaleString('ko-KR');

/** What a bank refund wrote (or that it waits for a second operator). */
const bankRefundDone = (result: BankRefundResult | { status?: string; kind?: string; id?: number }) =>
  'point' in result
    ? `환불을 기록했습니다: ${won(result.amount)}원, 포인트 ${won(result.point)} 회수 (잔액에서 ${won(result.taken)} 차감` +
      `${result.unrecovered > 0 ? `, ${won(result.unrecovered)} 미수금` : ''}). 누적 환불 ${won(result.refundedAmount)}원.`
    : heldOr('')(result);

/**
 * Refund of a Toss charge: cancels (part of) the payment at Toss and takes the points back, only up
 * to what the member has not spent; a refusal shows Toss's reason. Refund of a bank-transfer charge: the
 * operator sends the won back by bank transfer outside the product; the command records it and takes back
 * the points those won paid for (what the member already spent becomes their debt).
 */
const Commands = () => {
  const charge = useRecordContext<AdminChargeView>();
  const refundable = charge ? refundablePoint(charge) : 0;
  const refundableWon = charge ? refundableAmount(charge) : 0;
  return (
    <CommandBar>
      {charge?.method === 'BANK_TRANSFER' && charge.status === 'SUCCESS' ? (
        <CommandButton
          label="환불"
          permission="refunds"
          icon={<UndoIcon />}
          color="error"
          disabled={refundableWon <= 0}
          confirm="환불 금액은 상품 밖에서 회원의 계좌로 직접 이체해 주세요. 이 명령은 그 환불을 기록하고, 금액에 해당하는 포인트를 회수합니다(이미 사용한 포인트는 회원의 미수금이 됩니다)."
          fields={[
            {
              name: 'amount',
              label: `환불 금액(원) (최대 ${won(refundableWon)})`,
              type: 'number',
              defaultValue: String(refundableWon),
            },
            { name: 'reason', label: '환불 사유' },
          ]}
          run={(dp, r, v) => dp.command('charges', r.id, 'refund', { amount: Number(v.amount), reason: v.reason })}
          ledger={(r) => ['bank-refund', `${r.id}:${r.refundedAmount ?? 0}`]}
          success={bankRefundDone}
        />
      ) : null}
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
