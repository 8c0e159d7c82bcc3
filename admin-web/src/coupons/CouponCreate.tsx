import { Create, SimpleForm } from 'react-admin';
import { CouponFields } from './CouponForm';

/** Empty optional fields go as null (no limit, no date). */
const blanksAsNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === '' || v === undefined ? null : v]));

const CouponCreate = () => (
  <Create redirect="show" transform={blanksAsNull}>
    <SimpleForm>
      <CouponFields creating />
    </SimpleForm>
  </Create>
);

export default CouponCreate;
export { blanksAsNull };
