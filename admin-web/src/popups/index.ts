import WebAssetIcon from '@mui/icons-material/WebAsset';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./popups'), WebAssetIcon);
