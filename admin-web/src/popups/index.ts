import WebAssetIcon from '@mui/icons-material/WebAsset';
import { crudResource } from '../common/crud';

export default crudResource({ list: () => import('./PopupList'), form: () => import('./PopupForm') }, WebAssetIcon);
