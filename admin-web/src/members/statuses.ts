import type { StatusLabels } from '../common/fields';

export const memberStatuses: StatusLabels = {
  ACTIVE: { label: '정상', tone: 'success' },
  SUSPENDED: { label: '정지', tone: 'error' },
  DELETED: { label: '탈퇴', tone: 'default' },
};
