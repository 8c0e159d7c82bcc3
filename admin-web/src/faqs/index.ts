import QuizIcon from '@mui/icons-material/Quiz';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./faqs'), QuizIcon, { recordRepresentation: 'title' });
