import { lazy } from 'react';
import ScoreIcon from '@mui/icons-material/Leaderboard';

export default {
  list: lazy(() => import('./ProviderScoreList')),
  icon: ScoreIcon,
};
