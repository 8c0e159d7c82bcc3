// The receipts module's table, registered for MikroORM by database/entities.ts; other modules see it only as a type.
import { Receipt } from './domain/receipt.entity.js';

export { Receipt };
export const receiptsEntities = [Receipt];
