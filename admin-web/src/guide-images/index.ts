import ImageIcon from '@mui/icons-material/Image';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./guide-images'), ImageIcon);
