import { BooleanInput } from 'react-admin';
import { ImageUrlInput } from '../common/ImageUrlInput';

const PopupForm = () => (
  <>
    <ImageUrlInput source="imageUrl" purpose="popup" />
    <BooleanInput source="enabled" defaultValue />
  </>
);

export default PopupForm;
