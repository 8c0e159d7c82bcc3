// The billing module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Charge } from './domain/charge.entity.js';
import { Deposit } from './domain/deposit.entity.js';

export { Charge, Deposit };
export const billingEntities = [Charge, Deposit];
