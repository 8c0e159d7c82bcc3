// The rate limits' table, registered for MikroORM by database/entities.ts; other modules see it only as a type.
import { RateBucket } from './domain/rate-bucket.entity.js';

export { RateBucket };
export const rateLimitEntities = [RateBucket];
