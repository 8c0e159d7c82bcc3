import { Menu as RaMenu, useResourceDefinitions } from 'react-admin';
import ListSubheader from '@mui/material/ListSubheader';
import { menuSections } from '../resources';

/** The sidebar: the dashboard, then the resources grouped by area. */
export const Menu = () => {
  const resources = useResourceDefinitions();
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText="대시보드" />
      {menuSections.map(({ title, names }) => (
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
