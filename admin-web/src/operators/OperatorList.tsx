import { LabelledButtons } from '../common/LabelledButtons';
import {
  CreateButton,
  FilterButton,
  TopToolbar,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  RecordContextProvider,
  useListContext,
  useRecordContext,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { OPERATOR_ROLE_LABELS, type OperatorView } from '../../../server/src/contracts/operators.js';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField } from '../common/fields';
import { roleChoices } from './choices';

const RoleField = () => {
  const operator = useRecordContext<OperatorView>();
  return operator ? <Chip size="small" label={OPERATOR_ROLE_LABELS[operator.role]} /> : null;
};

const StateField = () => {
  const operator = useRecordContext<OperatorView>();
  if (!operator) return null;
  return operator.disabledAt ? (
    <Chip size="small" color="default" label="비활성" />
  ) : (
    <Chip size="small" color="success" label="활성" />
  );
};

/** Disable / enable and a password reset, on each row. */
const RowCommands = () => {
  const operator = useRecordContext<OperatorView>();
  if (!operator) return null;
  return (
    <Stack direction="row" flexWrap="wrap" onClick={(e) => e.stopPropagation()}>
      {operator.disabledAt ? (
        <CommandButton
          label="다시 사용"
          icon={<LockOpenIcon />}
          permission="operators"
          run={(dp, r) => dp.command('operators', r.id, 'enable')}
          success="운영자를 다시 사용하도록 했습니다."
        />
      ) : (
        <CommandButton
          label="비활성화"
          icon={<BlockIcon />}
          color="error"
          permission="operators"
          confirm="이 운영자는 더 이상 로그인할 수 없고, 발급된 토큰도 거부됩니다."
          run={(dp, r) => dp.command('operators', r.id, 'disable')}
          success="운영자를 비활성화했습니다."
        />
      )}
      <CommandButton
        label="비밀번호 재설정"
        icon={<KeyIcon />}
        permission="operators"
        fields={[{ name: 'password', label: '새 비밀번호 (10자 이상)' }]}
        run={(dp, r, v) => dp.command('operators', r.id, 'reset-password', { password: v.password })}
        success="비밀번호를 재설정했습니다."
      />
    </Stack>
  );
};

const filters = [
  <TextInput key="q" source="q" label="검색" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
];

/** At phone width: one card an operator (tap the name to change the role), with the commands below. */
const OperatorCards = () => {
  const { data } = useListContext<OperatorView>();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data?.map((operator) => (
        <RecordContextProvider key={operator.id} value={operator}>
          <Card variant="outlined" data-testid="operator-card">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="subtitle2" component={Link} to={`/operators/${operator.id}`}>
                  {operator.loginId}
                </Typography>
                <RoleField />
                <StateField />
              </Stack>
              <RowCommands />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** 운영자 관리: the owner's list of the team. */
const OperatorList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'ASC' }}
      exporter={false}
      actions={
        <LabelledButtons>
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            <FilterButton />
            <CreateButton label="운영자 추가" />
          </TopToolbar>
        </LabelledButtons>
      }
    >
      {phone ? (
        <OperatorCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="id" />
          <TextField source="loginId" />
          <FunctionField source="role" render={() => <RoleField />} />
          <FunctionField source="disabledAt" sortable={false} render={() => <StateField />} />
          <DateTimeField source="lastLoginAt" />
          <DateTimeField source="createdAt" />
          <FunctionField label="" sortable={false} render={() => <RowCommands />} />
        </Datagrid>
      )}
    </List>
  );
};

export default OperatorList;
