// The alerts module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { OperatorAlert } from './domain/operator-alert.entity.js';

export { OperatorAlert };
export const alertsEntities = [OperatorAlert];
