import { Loading, Title, usePermissions } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Permission } from '../../../server/src/contracts/operators.js';
import Dashboard from './Dashboard';

/** The console's first page: the figures for roles that may read them, a pointer to the menu for the others. */
const Home = () => {
  const { permissions, isPending } = usePermissions<Permission[]>();
  if (isPending) return <Loading />;
  if (permissions?.includes('dashboard')) return <Dashboard />;
  return (
    <Card sx={{ mt: 2 }} data-testid="home-no-dashboard">
      <Title title="운영 콘솔" />
      <CardContent>
        <Typography>왼쪽 메뉴에서 담당 업무를 선택해 주세요.</Typography>
      </CardContent>
    </Card>
  );
};

export default Home;
