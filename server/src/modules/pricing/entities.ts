// The pricing module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { MemberLevel } from './domain/member-level.entity.js';
import { MemberRate } from './domain/member-rate.entity.js';
import { MemberStanding } from './domain/member-standing.entity.js';

export { MemberLevel, MemberRate, MemberStanding };
export const pricingEntities = [MemberLevel, MemberStanding, MemberRate];
