import { Edit, SimpleForm } from 'react-admin';
import { CouponFields } from './CouponForm';
import { blanksAsNull } from './CouponCreate';

const CouponEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={blanksAsNull}>
    <SimpleForm>
      <CouponFields />
    </SimpleForm>
  </Edit>
);

export default CouponEdit;
