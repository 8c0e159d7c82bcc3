import CancelIcon from '@mui/icons-material/Cancel';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import type { OrderCommand } from '../../../server/src/contracts/commands.js';
import { CommandButton } from './CommandButton';
import { choicesOf, orderStatuses } from './fields';

/** What the order's state machine allows now (`orderCommands`): a button for anything else is disabled. */
interface Allowed {
  allowed: readonly OrderCommand[];
}

/** The operator's commands on the order in the record context: the order page and a ticket's linked orders. */
export const CancelOrderButton = ({ allowed }: Allowed) => (
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
);

export const PartialOrderButton = ({ allowed }: Allowed) => (
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
);

export const StartCountButton = () => (
  <CommandButton
    label="시작 수량"
    permission="orders.manage"
    icon={<PlayArrowIcon />}
    fields={[{ name: 'startCount', label: '주문 전 수량', type: 'number' }]}
    run={(dp, r, v) => dp.setStartCount(r.id, Number(v.startCount))}
  />
);

export const SetOrderStatusButton = ({ allowed }: Allowed) => (
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
);

export const ResendOrderButton = ({ allowed, label = '공급사 재전송' }: Allowed & { label?: string }) => (
  <CommandButton
    label={label}
    permission="orders.command"
    icon={<SendIcon />}
    disabled={!allowed.includes('resend')}
    fields={[{ name: 'providerOrderId', label: '공급사 주문번호 (이미 접수된 경우만)', required: false }]}
    run={(dp, r, v) => dp.resendOrder(r.id, v.providerOrderId)}
    success="공급사로 다시 보냈습니다."
  />
);
