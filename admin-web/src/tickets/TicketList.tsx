import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  type RaRecord,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DateTimeField } from '../common/fields';
import { MemberField } from '../common/references';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../../server/src/contracts/statuses.js';
import { TICKET_TYPE_LABELS, type TicketType } from '../../../server/src/contracts/support.js';
import { ticketStatuses, ticketTypes, waited } from './labels';

const filters = [
  <SelectInput key="status" source="status" choices={ticketStatuses} alwaysOn />,
  <SelectInput key="type" source="type" choices={ticketTypes} />,
  <NumberInput key="memberId" source="memberId" />,
  <NumberInput key="orderId" source="orderId" />,
  <NumberInput key="waitingHours" source="waitingHours" label="대기 시간 (시간 이상)" />,
  <NumberInput key="assigneeId" source="assigneeId" />,
  <BooleanInput key="unread" source="unread" label="읽지 않음만" />,
];

const line = (r: RaRecord) => `[${TICKET_TYPE_LABELS[r.type as TicketType] ?? r.type}] ${r.subject}`;

/** The 문의 inbox: waiting longest first; on a phone one line per ticket. */
const TicketList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'OPEN' }}
      sort={{ field: 'waitingSince', order: 'ASC' }}
      exporter={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(r) => `${r.unread ? '● ' : ''}#${r.id} ${line(r)}`}
          secondaryText={(r) =>
            `${TICKET_STATUS_LABELS[r.status as TicketStatus] ?? r.status} · 회원 ${r.memberLoginId ?? `#${r.memberId}`} · 대기 ${waited(r.waitingSince)}`
          }
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <FunctionField source="unread" render={(r) => (r.unread ? '●' : '')} />
          <SelectField source="status" choices={ticketStatuses} />
          <SelectField source="type" choices={ticketTypes} />
          <TextField source="subject" />
          <MemberField source="memberId" />
          <FunctionField source="orderIds" sortable={false} render={(r) => (r.orderIds as number[]).join(', ')} />
          <FunctionField source="waitingSince" render={(r) => waited(r.waitingSince)} />
          <TextField source="assigneeId" emptyText="-" />
          <DateTimeField source="lastMessageAt" />
        </Datagrid>
      )}
    </List>
  );
};

export default TicketList;
