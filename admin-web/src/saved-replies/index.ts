import QuickreplyIcon from '@mui/icons-material/Quickreply';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./SavedReplyList'), form: () => import('./SavedReplyForm') },
  QuickreplyIcon,
);
