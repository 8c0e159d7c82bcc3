import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./ChargeBonusList'), form: () => import('./ChargeBonusForm') },
  CardGiftcardIcon,
);
