import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES } from '../../../server/src/contracts/operators.js';

export const roleChoices = OPERATOR_ROLES.map((id) => ({ id, name: `${OPERATOR_ROLE_LABELS[id]} (${id})` }));
