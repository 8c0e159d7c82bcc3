import QuizIcon from '@mui/icons-material/Quiz';
import { crudResource } from '../common/crud';

export default crudResource({ list: () => import('./FaqList'), form: () => import('./FaqForm') }, QuizIcon, {
  recordRepresentation: 'title',
});
