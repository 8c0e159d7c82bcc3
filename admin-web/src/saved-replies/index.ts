import QuickreplyIcon from '@mui/icons-material/Quickreply';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./saved-replies'), QuickreplyIcon);
