import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./charge-bonuses'), CardGiftcardIcon);
