import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { CatalogAdmin } from './application/catalog-admin.service.js';
import { CatalogFacade } from './application/catalog.facade.js';
import { AdminCategoriesController, AdminPlatformsController, AdminServicesController } from './http/admin-catalog.controller.js';
import { CatalogController } from './http/catalog.controller.js';

@Module({
  imports: [AuditModule],
  controllers: [CatalogController, AdminPlatformsController, AdminCategoriesController, AdminServicesController],
  providers: [CatalogFacade, CatalogAdmin],
  exports: [CatalogFacade],
})
export class CatalogModule {}
