import { labelChoices } from '../common/fields';
import { CHARGE_BONUS_KIND_LABELS, CHARGE_BONUS_METHOD_LABELS } from '../../../server/src/contracts/charge-bonus.js';

export const kinds = labelChoices(CHARGE_BONUS_KIND_LABELS);
export const methods = labelChoices(CHARGE_BONUS_METHOD_LABELS);
export const ALL_METHODS = '모든 결제 수단';
