import { adminCrudController } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard } from '../../auth/index.js';
import { FAQS, GUIDE_IMAGES, NOTICES, POPUPS, REGISTER_WHERES } from '../application/content-resources.js';

const operators = { guard: OperatorGuard, actor: CurrentOperator, permission: 'content' } as const;

/** /api/admin/notices, faqs, popups, register-wheres and guide-images (ra-data-simple-rest, operators only). */
export const ADMIN_CONTENT_CONTROLLERS = [
  adminCrudController(NOTICES, operators),
  adminCrudController(FAQS, operators),
  adminCrudController(POPUPS, operators),
  adminCrudController(REGISTER_WHERES, operators),
  adminCrudController(GUIDE_IMAGES, operators),
];
