import { useState } from 'react';
import { Loading, Title, useDataProvider, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConsoleDataProvider } from '../dataProvider';
import { PROFIT_GROUP_LABELS, PROFIT_GROUPS, type ProfitGroup } from '../../../server/src/contracts/reports.js';
import { consoleKeys } from '../common/queryKeys';

/** A Korean day (UTC+9) `daysAgo` before today, YYYY-MM-DD. */
const koreanDay = (daysAgo = 0) =>
  new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** Won for people: whole won with separators (the exact decimal stays in the table's title and the CSV). */
const won = (value: string) => `${Math.round(Number(value)).toLocaleString('ko-KR')}원`;

/** 수익 리포트: revenue (charged minus refunded), cost upstream and profit, as a chart and a table, with CSV export. */
const ReportList = () => {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [from, setFrom] = useState(koreanDay(29));
  const [to, setTo] = useState(koreanDay());
  const [by, setBy] = useState<ProfitGroup>('day');
  const query = { from, to, by };
  const { data, isPending, error } = useQuery({
    queryKey: consoleKeys.profitReport(from, to, by),
    queryFn: () => dp.profitReport(query),
  });
  const chart = (data?.rows ?? []).slice(0, 31).map((r) => ({
    label: ['day', 'week'].includes(by) ? r.label.slice(5) : r.label.slice(0, 14),
    revenue: Number(r.revenue),
    cost: Number(r.cost),
    profit: Number(r.profit),
  }));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="수익 리포트" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField label="시작일" type="date" size="small" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="종료일" type="date" size="small" value={to} onChange={(e) => setTo(e.target.value)} />
        <TextField
          select
          label="집계 기준"
          size="small"
          value={by}
          onChange={(e) => setBy(e.target.value as ProfitGroup)}
          sx={{ minWidth: 120 }}
        >
          {PROFIT_GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {PROFIT_GROUP_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          onClick={() => void dp.downloadProfitCsv(query).catch((e: Error) => notify(e.message, { type: 'error' }))}
        >
          CSV 내보내기
        </Button>
      </Box>
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Typography color="error">리포트를 불러오지 못했습니다: {(error as Error)?.message}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {[
              ['매출', won(data.total.revenue)],
              ['원가', won(data.total.cost)],
              ['이익', won(data.total.profit)],
              ['주문 수', data.total.orders.toLocaleString('ko-KR')],
            ].map(([title, value]) => (
              <Card key={title}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {title}
                  </Typography>
                  <Typography variant="h6" data-testid={`profit-total-${title}`}>
                    {value}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="subtitle1" gutterBottom>
                {PROFIT_GROUP_LABELS[by]} 매출 · 원가 · 이익 (원)
              </Typography>
              <Box sx={{ height: 280 }}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={chart}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" />
                    <YAxis tickFormatter={(v: number) => v.toLocaleString('ko-KR')} width={70} />
                    <Tooltip formatter={(v) => `${Number(v).toLocaleString('ko-KR')}원`} />
                    <Legend />
                    <Bar dataKey="revenue" name="매출" fill="#1976d2" />
                    <Bar dataKey="cost" name="원가" fill="#ef6c00" />
                    <Bar dataKey="profit" name="이익" fill="#2e7d32" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </CardContent>
          </Card>
          {/* At phone width the table scrolls inside its card (as 공급사 성과's); the page itself does not. */}
          <Card sx={{ overflowX: 'auto', maxWidth: 'calc(100vw - 16px)' }}>
            <Table size="small" data-testid="profit-table" sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{PROFIT_GROUP_LABELS[by]}</TableCell>
                  <TableCell align="right">주문 수</TableCell>
                  <TableCell align="right">매출</TableCell>
                  <TableCell align="right">원가</TableCell>
                  <TableCell align="right">이익</TableCell>
                  <TableCell align="right">원가 미확인</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell>{r.label}</TableCell>
                    <TableCell align="right">{r.orders.toLocaleString('ko-KR')}</TableCell>
                    <TableCell align="right">{won(r.revenue)}</TableCell>
                    <TableCell align="right" title={r.cost}>
                      {won(r.cost)}
                    </TableCell>
                    <TableCell
                      align="right"
                      title={r.profit}
                      sx={{ color: r.profit.startsWith('-') ? 'error.main' : undefined }}
                    >
                      {won(r.profit)}
                    </TableCell>
                    <TableCell align="right">{r.uncosted}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </>
      )}
    </Box>
  );
};

export default ReportList;
