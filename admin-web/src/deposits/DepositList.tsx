import { FunctionField, List, ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';
import LinkIcon from '@mui/icons-material/Link';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField, StatusField, toned, WonField } from '../common/fields';
import { DEPOSIT_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const depositStatuses = toned(DEPOSIT_STATUS_LABELS, {
  UNMATCHED: 'warning',
  MATCHED: 'success',
  DISMISSED: 'default',
});

const REASONS: Record<string, string> = {
  NO_MATCH: '일치하는 충전 요청 없음',
  AMBIGUOUS: '후보가 여러 건',
  CONFLICT: '처리 충돌',
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={Object.entries(depositStatuses).map(([id, s]) => ({ id, name: s.label }))}
    alwaysOn
  />,
  <TextInput key="q" source="q" label="검색 (입금자명)" alwaysOn />,
];

/** Bank deposits as they arrived; an unmatched one can be matched to a pending charge by hand. */
const DepositList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="depositedAt" />
      <TextField source="depositorName" />
      <WonField source="amount" />
      <StatusField source="status" labels={depositStatuses} />
      <FunctionField source="reason" render={(r) => (r.reason ? (REASONS[r.reason] ?? r.reason) : '')} />
      <ReferenceField source="chargeId" reference="charges" link={false} emptyText="-">
        <TextField source="id" />
      </ReferenceField>
      <FunctionField
        label="처리"
        render={(r) =>
          r.status === 'UNMATCHED' ? (
            <span style={{ whiteSpace: 'nowrap' }}>
              <CommandButton
                label="수동 매칭"
                icon={<LinkIcon />}
                fields={[{ name: 'chargeId', label: '충전 요청 번호', type: 'number' }]}
                run={(dp, rec, v) => dp.matchDeposit(rec.id, v.chargeId!)}
                ledger={(_, v) => ['charge', v.chargeId!]}
                success="입금을 충전 요청에 매칭했습니다."
              />
              <CommandButton
                label="보류"
                icon={<DoNotDisturbIcon />}
                color="inherit"
                fields={[{ name: 'memo', label: '메모', required: false }]}
                run={(dp, rec, v) => dp.dismissDeposit(rec.id, v.memo ?? '')}
                success="입금을 보류 처리했습니다."
              />
            </span>
          ) : null
        }
      />
    </ResponsiveDatagrid>
  </List>
);

export default DepositList;
