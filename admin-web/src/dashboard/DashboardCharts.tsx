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
import { orderStatuses, won } from '../common/fields';
import type { DashboardStats } from '../dataProvider';

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

/** The dashboard's last 30 days: points in and spent, orders by status, new members. */
const DashboardCharts = ({ days: rows, ordersByStatus }: Pick<DashboardStats, 'days' | 'ordersByStatus'>) => {
  const days = rows.map((d) => ({ ...d, day: d.date.slice(5) }));
  const byStatus = ordersByStatus.map((s) => ({ ...s, label: orderStatuses[s.status]?.label ?? s.status }));
  return (
    <>
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
    </>
  );
};

export default DashboardCharts;
