import CampaignIcon from '@mui/icons-material/Campaign';
import { crudResource } from '../common/crud';

export default crudResource({ list: () => import('./NoticeList'), form: () => import('./NoticeForm') }, CampaignIcon);
