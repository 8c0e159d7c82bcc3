import { lazy } from 'react';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';

export default {
  list: lazy(() => import('./CouponList')),
  show: lazy(() => import('./CouponShow')),
  create: lazy(() => import('./CouponCreate')),
  edit: lazy(() => import('./CouponEdit')),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
