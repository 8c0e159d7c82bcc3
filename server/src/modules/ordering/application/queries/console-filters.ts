import { filterDate, filterId } from '../../../../shared/index.js';

/** The console's filters every order list takes: whose, which service, placed when. */
export const ownerFilters = {
  memberId: (v: unknown) => ({ memberId: filterId(v) }),
  serviceId: (v: unknown) => ({ serviceId: filterId(v) }),
  createdAt_gte: (v: unknown) => ({ createdAt: { $gte: filterDate(v) } }),
  createdAt_lte: (v: unknown) => ({ createdAt: { $lte: filterDate(v) } }),
};
