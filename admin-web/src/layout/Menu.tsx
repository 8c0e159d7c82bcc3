import { Menu as RaMenu, useDataProvider, usePermissions, useResourceDefinitions, useSidebarState } from 'react-admin';
import type { Permission } from '../../../server/src/contracts/operators.js';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import SecurityIcon from '@mui/icons-material/Security';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import type { ConsoleDataProvider } from '../dataProvider';
import { menuSections } from '../resources';
import { consoleKeys } from '../common/queryKeys';

/** The 문의 inbox's unread count (tickets a member wrote to that no operator has opened), polled each minute. */
const TicketsItem = () => {
  const dp = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: consoleKeys.ticketUnread,
    queryFn: () => dp.ticketUnread(),
    refetchInterval: 60_000,
  });
  return (
    <RaMenu.ResourceItem
      name="tickets"
      primaryText={
        <Badge color="error" badgeContent={data?.count ?? 0} max={99} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
          1:1 문의
        </Badge>
      }
    />
  );
};

/** The sidebar: the dashboard, then the resources grouped by area. */
export const Menu = () => {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<Permission[]>();
  // Collapsed to icons, the sidebar has no room for a section's title: a line marks the section instead.
  const [open] = useSidebarState();
  return (
    <RaMenu>
      {permissions?.includes('dashboard') && <RaMenu.DashboardItem primaryText="대시보드" />}
      {menuSections
        .filter(({ names }) => names.some((name) => resources[name]))
        .map(({ title, names }) => (
          <div key={title}>
            {open ? (
              <ListSubheader sx={{ lineHeight: '32px', background: 'transparent' }}>{title}</ListSubheader>
            ) : (
              <Divider aria-label={title} sx={{ my: 0.5 }} />
            )}
            {names
              .filter((name) => resources[name])
              .map((name) =>
                name === 'tickets' ? <TicketsItem key={name} /> : <RaMenu.ResourceItem key={name} name={name} />,
              )}
          </div>
        ))}
      <RaMenu.Item to="/security" primaryText="내 보안 설정" leftIcon={<SecurityIcon />} />
    </RaMenu>
  );
};
