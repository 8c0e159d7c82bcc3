import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRecordContext } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConsoleDataProvider } from '../dataProvider';
import { consoleKeys } from '../common/queryKeys';
import type { AdminMemberView } from '../../../server/src/contracts/views.js';

const won = (v: number) => `${v.toLocaleString('ko-KR')}원`;
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : '처리하지 못했습니다.');

/** A member's level (회원 등급, an operator may set it) and custom rates per service (회원 단가, reseller deals). */
export const MemberPricing = () => {
  const member = useRecordContext<AdminMemberView>();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const client = useQueryClient();
  const id = member?.id;
  const level = useQuery({
    queryKey: consoleKeys.memberLevel(id),
    queryFn: () => dp.memberLevel(id!),
    enabled: !!member,
  });
  const rates = useQuery({
    queryKey: consoleKeys.memberRates(id),
    queryFn: () => dp.memberRates(id!),
    enabled: !!member,
  });
  const levels = useGetList('member-levels', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'threshold', order: 'ASC' },
  });
  const [serviceId, setServiceId] = useState('');
  const [point, setPoint] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: consoleKeys.memberRates(id) });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, { type: 'success' });
      await refresh();
      await client.invalidateQueries({ queryKey: consoleKeys.memberLevel(id) });
    } catch (error) {
      notify(reason(error), { type: 'error' });
    }
  };
  if (!member) return null;
  return (
    <Stack spacing={2} sx={{ my: 1 }} data-testid="member-pricing">
      <Typography variant="subtitle1">회원 등급</Typography>
      {level.data ? (
        <Typography>
          {level.data.name ?? '일반'} ({level.data.discountPercent}% 할인) · 누적 충전 {won(level.data.charged)}
          {level.data.next ? ` · ${level.data.next.name}까지 ${won(level.data.next.remaining)}` : ''}
        </Typography>
      ) : null}
      <TextField
        select
        size="small"
        label="등급 지정"
        sx={{ maxWidth: 240 }}
        value=""
        onChange={(e) =>
          void act(
            () => dp.setMemberLevel(member.id, e.target.value === 'none' ? null : Number(e.target.value)),
            '등급을 지정했습니다.',
          )
        }
      >
        <MenuItem value="none">일반 (등급 없음)</MenuItem>
        {(levels.data ?? []).map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {l.name} ({l.discountPercent}%)
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="subtitle1">회원 단가</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>상품</TableCell>
            <TableCell align="right">정가</TableCell>
            <TableCell align="right">회원 단가</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(rates.data ?? []).map((r) => (
            <TableRow key={r.serviceId}>
              <TableCell>
                [{r.serviceId}] {r.service}
              </TableCell>
              <TableCell align="right">{Number(r.listPoint)}원</TableCell>
              <TableCell align="right">{Number(r.point)}원</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    void act(() => dp.deleteMemberRate(member.id, r.serviceId), '회원 단가를 삭제했습니다.')
                  }
                >
                  삭제
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1}>
        <TextField size="small" label="상품 번호" value={serviceId} onChange={(e) => setServiceId(e.target.value)} />
        <TextField size="small" label="단가 (원)" value={point} onChange={(e) => setPoint(e.target.value)} />
        <Button
          variant="contained"
          onClick={() =>
            void act(() => dp.setMemberRate(member.id, Number(serviceId), point), '회원 단가를 저장했습니다.')
          }
        >
          저장
        </Button>
      </Stack>
    </Stack>
  );
};
