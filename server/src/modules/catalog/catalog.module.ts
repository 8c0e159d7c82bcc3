import { Module } from '@nestjs/common';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { CatalogFacade } from './application/catalog.facade.js';
import { ADMIN_CATALOG_CONTROLLERS } from './http/admin-catalog.controllers.js';
import { CatalogController } from './http/catalog.controller.js';

@Module({
  imports: [AuditModule],
  controllers: [CatalogController, ...ADMIN_CATALOG_CONTROLLERS],
  providers: [CatalogFacade, AdminCrud, { provide: CrudAuditLog, useExisting: AuditFacade }],
  exports: [CatalogFacade],
})
export class CatalogModule {}
