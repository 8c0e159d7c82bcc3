import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./member-levels'), WorkspacePremiumIcon, { recordRepresentation: 'name' });
