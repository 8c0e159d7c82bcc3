import { Menu as RaMenu, usePermissions, useResourceDefinitions } from 'react-admin';
import type { Permission } from '../../../server/src/contracts/operators.js';
import ListSubheader from '@mui/material/ListSubheader';
import { menuSections } from '../resources';

/** The sidebar: the dashboard, then the resources grouped by area. */
export const Menu = () => {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<Permission[]>();
  return (
    <RaMenu>
      {permissions?.includes('dashboard') && <RaMenu.DashboardItem primaryText="대시보드" />}
      {menuSections
        .filter(({ names }) => names.some((name) => resources[name]))
        .map(({ title, names }) => (
          <div key={title}>
            <ListSubheader sx={{ lineHeight: '32px', background: 'transparent' }}>{title}</ListSubheader>
            {names
              .filter((name) => resources[name])
              .map((name) => (
                <RaMenu.ResourceItem key={name} name={name} />
              ))}
          </div>
        ))}
    </RaMenu>
  );
};
