import { Link, Loading, Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { won } from '../common/fields';
import type { ConsoleDataProvider } from '../dataProvider';
import { consoleKeys } from '../common/queryKeys';

/** The last 30 days' charts (recharts, the heaviest library here) load after the figures above them. */
const DashboardCharts = lazy(() => import('./DashboardCharts'));

const Figure = ({
  title,
  value,
  to,
  testId,
  alert,
}: {
  title: string;
  value: string | number;
  to?: string;
  testId: string;
  alert?: boolean;
}) => {
  const body = (
    <Card sx={{ height: '100%', borderLeft: 4, borderColor: alert ? 'error.main' : 'primary.main' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
  return to ? (
    <Link to={to} sx={{ textDecoration: 'none' }}>
      {body}
    </Link>
  ) : (
    body
  );
};

const grid = { display: 'grid', gap: 2, mb: 2 } as const;

/** Today's figures, what needs attention, and the last 30 days as charts (GET /api/admin/dashboard). */
const Dashboard = () => {
  const dp = useDataProvider<ConsoleDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: consoleKeys.dashboard, queryFn: () => dp.dashboard() });
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Typography color="error" sx={{ mt: 2 }}>
        대시보드를 불러오지 못했습니다: {(error as Error)?.message}
      </Typography>
    );
  const { attention, today } = data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="대시보드" />
      <Typography variant="h6" gutterBottom>
        처리가 필요한 항목
      </Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Figure
          title="대기 중인 충전"
          value={attention.pendingCharges}
          to="/charges"
          testId="pending-charges"
          alert={attention.pendingCharges > 0}
        />
        <Figure
          title="미매칭 입금"
          value={attention.unmatchedDeposits}
          to="/deposits"
          testId="unmatched-deposits"
          alert={attention.unmatchedDeposits > 0}
        />
        <Figure
          title="공급사 오류 주문"
          value={attention.providerErrors}
          to="/orders"
          testId="provider-errors"
          alert={attention.providerErrors > 0}
        />
        <Figure
          title="정체된 주문"
          value={attention.stuckOrders}
          to="/orders"
          testId="stuck-orders"
          alert={attention.stuckOrders > 0}
        />
      </Box>
      <Typography variant="h6" gutterBottom>
        오늘
      </Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Figure title="수락된 입금" value={won(today.depositsAccepted)} testId="today-deposits" />
        <Figure title="사용된 포인트" value={won(today.pointsSpent)} testId="today-spent" />
        <Figure title="주문 수" value={today.orders} testId="today-orders" />
        <Figure title="신규 회원" value={today.newMembers} testId="today-members" />
      </Box>
      {data.profitToday ? (
        <>
          <Typography variant="h6" gutterBottom>
            오늘의 수익
          </Typography>
          <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Figure title="오늘 매출" value={won(data.profitToday.revenue)} to="/reports" testId="today-revenue" />
            <Figure title="오늘 원가" value={won(data.profitToday.cost)} to="/reports" testId="today-cost" />
            <Figure
              title="오늘 이익"
              value={won(data.profitToday.profit)}
              to="/reports"
              testId="today-profit"
              alert={data.profitToday.profit.startsWith('-')}
            />
            {data.profitToday.uncosted ? (
              <Figure title="원가 미확인 주문" value={data.profitToday.uncosted} testId="today-uncosted" />
            ) : null}
          </Box>
        </>
      ) : null}
      {data.referrals ? (
        <>
          <Typography variant="h6" gutterBottom>
            추천 적립
          </Typography>
          <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Figure title="추천으로 가입한 회원" value={data.referrals.referredMembers} testId="referred-members" />
            <Figure title="적립 건수" value={data.referrals.rewards} to="/referrals" testId="referral-rewards" />
            <Figure title="적립 포인트" value={won(Number(data.referrals.rewardedPoints))} testId="referral-points" />
            <Figure
              title="회수하지 못한 포인트"
              value={won(Number(data.referrals.unrecoveredPoints))}
              to="/referrals"
              testId="referral-unrecovered"
              alert={Number(data.referrals.unrecoveredPoints) > 0}
            />
          </Box>
        </>
      ) : null}
      <Suspense fallback={null}>
        <DashboardCharts days={data.days} ordersByStatus={data.ordersByStatus} />
      </Suspense>
    </Box>
  );
};

export default Dashboard;
