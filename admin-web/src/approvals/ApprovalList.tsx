import {
  Datagrid,
  FunctionField,
  List,
  RecordContextProvider,
  SelectInput,
  TextField,
  useGetIdentity,
  useListContext,
  useRecordContext,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalView,
} from '../../../server/src/contracts/approvals.js';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, WonField } from '../common/fields';
import { NoRows } from '../common/EmptyList';

const choices = <T extends string>(ids: readonly T[], labels: Record<T, string>) =>
  ids.map((id) => ({ id, name: labels[id] }));

/** Approve or reject: offered on pending requests, never to the operator who asked (the server refuses that too). */
const Decide = () => {
  const approval = useRecordContext<ApprovalView>();
  const { identity } = useGetIdentity();
  if (!approval || approval.status !== 'PENDING') return null;
  if (identity && Number(identity.id) === approval.requestedById) return <span>다른 운영자의 승인 대기</span>;
  return (
    <Stack direction="row" flexWrap="wrap" onClick={(e) => e.stopPropagation()}>
      <CommandButton
        label="승인"
        icon={<CheckIcon />}
        color="success"
        permission="approvals"
        confirm={`${APPROVAL_KIND_LABELS[approval.kind]} ${approval.amount.toLocaleString('ko-KR')}원을 실행합니다.`}
        run={(dp, r) => dp.command('approvals', r.id, 'approve')}
        success="승인하여 실행했습니다."
      />
      <CommandButton
        label="거절"
        icon={<CloseIcon />}
        color="error"
        permission="approvals"
        confirm="이 요청을 거절합니다. 아무것도 실행되지 않습니다."
        run={(dp, r) => dp.command('approvals', r.id, 'reject')}
        success="거절했습니다."
      />
    </Stack>
  );
};

const Target = () => {
  const approval = useRecordContext<ApprovalView>();
  if (!approval) return null;
  if (approval.kind !== 'points.adjust') return <>충전 #{approval.targetId}</>;
  return (
    <>
      {approval.memberLoginId ? `회원 ${approval.memberLoginId} (#${approval.targetId})` : `회원 #${approval.targetId}`}
    </>
  );
};

const filters = [
  <SelectInput key="status" source="status" choices={choices(APPROVAL_STATUSES, APPROVAL_STATUS_LABELS)} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={choices(APPROVAL_KINDS, APPROVAL_KIND_LABELS)} />,
];

const NoApprovals = () => <NoRows text="승인을 기다리는 요청이 없습니다." />;

/** At phone width: one card a request, with who asked and the decision in reach. */
const ApprovalCards = () => {
  const { data, isPending } = useListContext<ApprovalView>();
  if (isPending) return null;
  if (!data?.length) return <NoApprovals />;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data?.map((approval) => (
        <RecordContextProvider key={approval.id} value={approval}>
          <Card variant="outlined" data-testid="approval-card">
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="subtitle2">
                #{approval.id} {APPROVAL_KIND_LABELS[approval.kind]} · <Target /> ·{' '}
                {approval.amount.toLocaleString('ko-KR')}원
              </Typography>
              <Typography variant="body2">{approval.reason}</Typography>
              <Typography variant="body2" color="text.secondary">
                요청자 {approval.requestedByLoginId} · {APPROVAL_STATUS_LABELS[approval.status]}
                {approval.decidedByLoginId ? ` · 처리자 ${approval.decidedByLoginId}` : ''}
              </Typography>
              <Decide />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** 승인 대기: manual point adjustments and refunds above APPROVAL_THRESHOLD, waiting for a second operator. */
const ApprovalList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'PENDING' }}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      {phone ? (
        <ApprovalCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoApprovals />}>
          <TextField source="id" />
          <DateTimeField source="createdAt" />
          <FunctionField source="kind" render={(r: ApprovalView) => APPROVAL_KIND_LABELS[r.kind]} />
          <FunctionField source="targetId" sortable={false} render={() => <Target />} />
          <WonField source="amount" />
          <TextField source="reason" sortable={false} />
          <TextField source="requestedByLoginId" sortable={false} />
          <FunctionField source="status" render={(r: ApprovalView) => APPROVAL_STATUS_LABELS[r.status]} />
          <TextField source="decidedByLoginId" sortable={false} />
          <FunctionField label="" sortable={false} render={() => <Decide />} />
        </Datagrid>
      )}
    </List>
  );
};

export default ApprovalList;
