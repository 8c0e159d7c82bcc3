import { FormDataConsumer, SelectInput, required } from 'react-admin';
import { ImageUrlInput } from '../common/ImageUrlInput';
import { DEVICES } from './choices';

const PURPOSES = { DESKTOP: 'guide-desktop', MOBILE: 'guide-mobile' } as const;

/** The upload is kept at the size of the device it is for. */
const GuideImageInput = () => (
  <FormDataConsumer>
    {({ formData }) => (
      <ImageUrlInput source="imageUrl" purpose={PURPOSES[formData.device as keyof typeof PURPOSES] ?? 'other'} />
    )}
  </FormDataConsumer>
);

const GuideImageForm = () => (
  <>
    <SelectInput source="device" choices={DEVICES} validate={required()} />
    <GuideImageInput />
  </>
);

export default GuideImageForm;
