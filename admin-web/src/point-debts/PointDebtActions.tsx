import Stack from '@mui/material/Stack';
import SavingsIcon from '@mui/icons-material/Savings';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import { useRecordContext } from 'react-admin';
import type { AdminPointDebtView } from '../../../server/src/contracts/views.js';
import { CommandButton } from '../common/CommandButton';

/** 회수 takes what the balance covers now; 면제 closes the rest with a reason. Offered on open debts only. */
export const PointDebtActions = () => {
  const debt = useRecordContext<AdminPointDebtView>();
  if (!debt || debt.closedAt) return null;
  return (
    <Stack direction="row" flexWrap="wrap" onClick={(e) => e.stopPropagation()}>
      <CommandButton
        label="회수"
        icon={<SavingsIcon />}
        permission="points.adjust"
        confirm="회원의 현재 잔액에서 남은 금액만큼 회수합니다."
        run={(dp, r) => dp.collectPointDebt(r.id)}
        success={(r: AdminPointDebtView) =>
          r.closedAt ? '모두 회수했습니다.' : `회수 후 남은 금액 ${r.outstanding.toLocaleString('ko-KR')}원`
        }
      />
      <CommandButton
        label="면제"
        icon={<DoNotDisturbIcon />}
        color="warning"
        permission="points.adjust"
        confirm="남은 금액을 받지 않고 종결합니다. 회원은 다시 주문할 수 있습니다."
        fields={[{ name: 'reason', label: '면제 사유' }]}
        run={(dp, r, v) => dp.writeOffPointDebt(r.id, v.reason!)}
        success="면제했습니다."
      />
    </Stack>
  );
};
