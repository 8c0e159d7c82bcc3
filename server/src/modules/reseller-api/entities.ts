// The reseller API's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { ApiRateBucket } from './domain/api-rate-bucket.entity.js';

export { ApiRateBucket };
export const resellerApiEntities = [ApiRateBucket];
