import type { ReactElement } from 'react';
import {
  DateInput,
  NumberInput,
  Pagination,
  ReferenceField,
  ReferenceManyField,
  SelectInput,
  TextField,
} from 'react-admin';
import { choicesOf, FlagTextField, type StatusLabels } from './fields';

/** The member's login id, linked to the member's page (`source` names the column for the grid header). */
export const MemberField = ({ source }: { source: 'memberId'; label?: string }) => (
  <ReferenceField source={source} reference="members" link="show" emptyText="-">
    <TextField source="loginId" />
  </ReferenceField>
);

/** The service's name (linked to its edit page when `link`). */
export const ServiceField = ({ source, link = false }: { source: 'serviceId'; link?: boolean; label?: string }) => (
  <ReferenceField source={source} reference="services" link={link ? 'edit' : false} emptyText="-">
    <FlagTextField source="text" />
  </ReferenceField>
);

/**
 * One field of fulfilment's dispatch record of an order (`GET /api/admin/order-dispatches`, keyed by the
 * order's id): the provider order id, attempts, the provider's error or [확인 필요] note, the last sync.
 */
export const DispatchField = ({
  children,
  emptyText = '-',
}: {
  children: ReactElement;
  label: string;
  sortable?: boolean;
  emptyText?: string;
}) => (
  <ReferenceField source="id" reference="order-dispatches" link={false} emptyText={emptyText}>
    {children}
  </ReferenceField>
);

/** Rows of another resource that point at this record, newest first, paged. */
export const Related = ({
  reference,
  target,
  filter,
  children,
}: {
  reference: string;
  target: string;
  filter?: Record<string, unknown>;
  children: ReactElement;
}) => (
  <ReferenceManyField
    reference={reference}
    target={target}
    filter={filter}
    sort={{ field: 'id', order: 'DESC' }}
    pagination={<Pagination />}
    label={false}
  >
    {children}
  </ReferenceManyField>
);

/** The filters orders and auto-orders share: status, member, service, provider, dates. */
export const orderFilters = (statuses: StatusLabels) => [
  <SelectInput key="status" source="status" choices={choicesOf(statuses)} alwaysOn />,
  <NumberInput key="memberId" source="memberId" alwaysOn />,
  <NumberInput key="serviceId" source="serviceId" />,
  <NumberInput key="providerId" source="providerId" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" label="주문일 (부터)" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" label="주문일 (까지)" />,
];
