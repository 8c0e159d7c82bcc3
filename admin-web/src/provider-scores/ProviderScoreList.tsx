import { useState } from 'react';
import { Loading, Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ConsoleDataProvider } from '../dataProvider';
import { consoleKeys } from '../common/queryKeys';

const pct = (v: number | null) => (v === null ? '-' : `${v}%`);
const duration = (s: number | null) =>
  s === null ? '-' : s < 60 ? `${s}초` : s < 3600 ? `${Math.round(s / 60)}분` : `${(s / 3600).toFixed(1)}시간`;

/** 공급사 성과: per provider (and per service) over 7 or 30 days; refill success is completed of the ended refills. */
const ProviderScoreList = () => {
  const dp = useDataProvider<ConsoleDataProvider>();
  const [days, setDays] = useState<7 | 30>(7);
  const { data, isPending, error } = useQuery({
    queryKey: consoleKeys.providerScores(days),
    queryFn: () => dp.providerScores(days),
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="공급사 성과" />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={days}
        onChange={(_, v: 7 | 30 | null) => v && setDays(v)}
        sx={{ mb: 2 }}
      >
        <ToggleButton value={7}>최근 7일</ToggleButton>
        <ToggleButton value={30}>최근 30일</ToggleButton>
      </ToggleButtonGroup>
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Typography color="error">불러오지 못했습니다: {(error as Error)?.message}</Typography>
      ) : (
        <Card sx={{ overflowX: 'auto', maxWidth: 'calc(100vw - 16px)' }}>
          <Table size="small" data-testid="provider-scores" sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>공급사</TableCell>
                <TableCell>서비스</TableCell>
                <TableCell align="right">전송</TableCell>
                <TableCell align="right">완료</TableCell>
                <TableCell align="right">부분 완료</TableCell>
                <TableCell align="right">취소</TableCell>
                <TableCell align="right">시작까지(중앙값)</TableCell>
                <TableCell align="right">완료까지(중앙값)</TableCell>
                <TableCell align="right">오류율</TableCell>
                <TableCell align="right">리필 성공률 (완료/요청)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((r) => (
                <TableRow key={r.id} sx={{ bgcolor: r.providerServiceId === null ? 'action.hover' : undefined }}>
                  <TableCell>{r.providerName}</TableCell>
                  <TableCell>{r.providerServiceId ?? '전체'}</TableCell>
                  <TableCell align="right">{r.sent}</TableCell>
                  <TableCell align="right">{pct(r.completedPercent)}</TableCell>
                  <TableCell align="right">{pct(r.partialPercent)}</TableCell>
                  <TableCell align="right">{pct(r.canceledPercent)}</TableCell>
                  <TableCell align="right">{duration(r.medianSecondsToStart)}</TableCell>
                  <TableCell align="right">{duration(r.medianSecondsToComplete)}</TableCell>
                  <TableCell align="right">{pct(r.errorPercent)}</TableCell>
                  <TableCell align="right">
                    {pct(r.refillSuccessPercent)} ({r.refillsCompleted}/{r.refillsRequested})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
};

export default ProviderScoreList;
