import ImageIcon from '@mui/icons-material/Image';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./GuideImageList'), form: () => import('./GuideImageForm') },
  ImageIcon,
);
