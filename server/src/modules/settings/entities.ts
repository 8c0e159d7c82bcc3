// The settings module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Setting } from './domain/setting.entity.js';

export { Setting };
export const settingsEntities = [Setting];
