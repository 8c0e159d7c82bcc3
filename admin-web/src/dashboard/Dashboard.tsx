import { Link, Loading, Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ConsoleDataProvider } from '../dataProvider';
import { orderStatuses } from '../common/fields';

const won = (n: number) => `${Number(n).toLocaleString('ko-KR')}원`;

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

const Chart = ({ title, children }: { title: string; children: React.ReactElement }) => (
  <Card>
    <CardContent>
      <Typography variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ height: 260 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </CardContent>
  </Card>
);

const grid = { display: 'grid', gap: 2, mb: 2 } as const;

/** Today's figures, what needs attention, and the last 30 days as charts (GET /api/admin/dashboard). */
const Dashboard = () => {
  const dp = useDataProvider<ConsoleDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => dp.dashboard() });
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Typography color="error" sx={{ mt: 2 }}>
        대시보드를 불러오지 못했습니다: {(error as Error)?.message}
      </Typography>
    );
  const days = data.days.map((d) => ({ ...d, day: d.date.slice(5) }));
  const byStatus = data.ordersByStatus.map((s) => ({ ...s, label: orderStatuses[s.status]?.label ?? s.status }));
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
      <Typography variant="h6" gutterBottom>
        최근 30일
      </Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Chart title="입금 및 포인트 사용 (원)">
          <LineChart data={days}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis tickFormatter={(v: number) => v.toLocaleString('ko-KR')} width={80} />
            <Tooltip formatter={(v) => won(Number(v))} />
            <Legend />
            <Line type="linear" dataKey="depositsAccepted" name="수락된 입금" stroke="#2e7d32" dot={false} />
            <Line type="linear" dataKey="pointsSpent" name="사용된 포인트" stroke="#1976d2" dot={false} />
          </LineChart>
        </Chart>
        <Chart title="상태별 주문">
          <BarChart data={byStatus}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name="주문 수" fill="#1976d2" />
          </BarChart>
        </Chart>
        <Chart title="신규 회원">
          <BarChart data={days}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="newMembers" name="신규 회원" fill="#ef6c00" />
          </BarChart>
        </Chart>
      </Box>
    </Box>
  );
};

export default Dashboard;
