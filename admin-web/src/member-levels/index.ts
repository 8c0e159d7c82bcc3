import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./MemberLevelList'), form: () => import('./MemberLevelForm') },
  WorkspacePremiumIcon,
  { recordRepresentation: 'name' },
);
