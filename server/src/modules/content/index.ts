export { ContentModule } from './content.module.js';
export { ContentFacade } from './application/content.facade.js';
export { RegisterWhere } from './domain/register-where.entity.js';
