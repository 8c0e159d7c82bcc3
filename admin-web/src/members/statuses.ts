import { toned } from '../common/fields';
import { MEMBER_STATUS_LABELS } from '../../../server/src/contracts/statuses.js';

export const memberStatuses = toned(MEMBER_STATUS_LABELS, {
  ACTIVE: 'success',
  SUSPENDED: 'error',
  DELETED: 'default',
});
