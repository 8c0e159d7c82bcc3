import { useDataProvider, useRecordContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConsoleDataProvider } from '../dataProvider';
import { consoleKeys } from '../common/queryKeys';
import type { AdminMemberView } from '../../../server/src/contracts/views.js';

const won = (v: number) => `${v.toLocaleString('ko-KR')}원`;

/** A member's referral figures: who joined with their code and what their charges earned. */
export const ReferralFigures = () => {
  const member = useRecordContext<AdminMemberView>();
  const dp = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: consoleKeys.memberReferrals(member?.id),
    queryFn: () => dp.memberReferrals(member!.id),
    enabled: !!member,
  });
  if (!data) return null;
  return (
    <Stack direction="row" spacing={3} sx={{ my: 1 }} data-testid="member-referrals">
      <Typography>추천으로 가입: {data.joined}명</Typography>
      <Typography>
        적립: {data.rewards}건 · {won(data.earned)}
      </Typography>
      <Typography color={data.unrecovered > 0 ? 'error' : undefined}>
        회수하지 못한 포인트: {won(data.unrecovered)}
      </Typography>
    </Stack>
  );
};
