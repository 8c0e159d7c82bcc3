// The catalog module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Category } from './domain/category.entity.js';
import { Platform } from './domain/platform.entity.js';
import { Service } from './domain/service.entity.js';
import { ServiceChange } from './domain/service-change.entity.js';

export { Category, Platform, Service, ServiceChange };
export const catalogEntities = [Platform, Category, Service, ServiceChange];
