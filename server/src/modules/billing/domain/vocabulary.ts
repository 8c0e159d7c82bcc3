// Billing's words other modules use as values (transition tables); the entities that carry them stay inside.
export { CHARGE_TRANSITIONS } from './charge.entity.js';
export { DEPOSIT_TRANSITIONS } from './deposit.entity.js';
