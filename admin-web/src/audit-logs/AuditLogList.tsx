import { FunctionField, List, ReferenceInput, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { DateTimeField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

const ACTIONS: Record<string, string> = {
  create: '생성',
  update: '변경',
  delete: '삭제',
  accept: '수락',
  reject: '거절',
  match: '매칭',
  cancel: '취소',
  partial: '부분 완료',
  resend: '재전송',
  status: '상태 변경',
  'start-count': '시작 수량',
  adjust: '포인트 조정',
  suspend: '정지',
  reinstate: '정지 해제',
  'import-services': '서비스 가져오기',
  'adjust-points': '포인트 조정',
  request: '승인 요청',
  approve: '승인',
  disable: '비활성화',
  enable: '다시 사용',
  'reset-password': '비밀번호 재설정',
};

/** The resource's Korean name (its console label), or the raw name. */
const ResourceName = ({ name }: { name: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.${name}.name`, { smart_count: 1, _: name })}</>;
};

const filters = [
  <TextInput key="resource" source="resource" alwaysOn />,
  <TextInput key="resourceId" source="resourceId" />,
  <TextInput key="action" source="action" />,
  <ReferenceInput key="operatorId" source="operatorId" reference="operators" alwaysOn>
    <SelectInput optionText="loginId" />
  </ReferenceInput>,
];

/** Every operator action, read-only. */
const AuditLogList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <DateTimeField source="createdAt" />
      <TextField source="operatorLoginId" />
      <FunctionField source="action" render={(r) => ACTIONS[r.action] ?? r.action} />
      <FunctionField source="resource" render={(r) => <ResourceName name={r.resource} />} />
      <TextField source="resourceId" />
      <FunctionField source="before" sortable={false} render={(r) => <code>{json(r.before)}</code>} />
      <FunctionField source="after" sortable={false} render={(r) => <code>{json(r.after)}</code>} />
    </ResponsiveDatagrid>
  </List>
);

export default AuditLogList;
