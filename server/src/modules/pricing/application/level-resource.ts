import { memberLevelInputSchema, type MemberLevelInput } from '../../../contracts/index.js';
import { numberedIds, searchIn, type AdminResource } from '../../../shared/index.js';
import { MemberLevel } from '../domain/member-level.entity.js';

/** The operator's levels at /api/admin/member-levels (ra-data-simple-rest). A level members hold cannot be deleted. */
export const MEMBER_LEVELS: AdminResource<MemberLevel, MemberLevelInput, MemberLevelInput> = {
  name: 'member-levels',
  entity: MemberLevel,
  ids: numberedIds(),
  create: memberLevelInputSchema,
  update: { check: 'record', schema: memberLevelInputSchema },
  build: (input) => new MemberLevel({ ...input, threshold: BigInt(input.threshold) }),
  apply: (row, input) => Object.assign(row, { ...input, threshold: BigInt(input.threshold) }),
  sortable: ['threshold', 'id', 'name', 'discountPercent'],
  filters: { q: searchIn('name') },
  refusals: { duplicate: 'PRICING_LEVEL_DUPLICATE', inUse: 'PRICING_LEVEL_IN_USE' },
};
