import { Module } from '@nestjs/common';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { DeliveryModule } from '../delivery/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { CatalogFacade } from './application/catalog.facade.js';
import { ADMIN_CATALOG_CONTROLLERS } from './http/admin-catalog.controllers.js';
import { CatalogController } from './http/catalog.controller.js';
import { ServiceChangeLog } from './application/service-change-log.js';
import { ServiceChangeRecorder } from './application/service-change-recorder.js';
import { AdminServiceChangesController, ServiceChangesController } from './http/service-changes.controller.js';

@Module({
  imports: [AuditModule, DeliveryModule],
  controllers: [
    CatalogController,
    ...ADMIN_CATALOG_CONTROLLERS,
    ServiceChangesController,
    AdminServiceChangesController,
  ],
  providers: [
    CatalogFacade,
    AdminCrud,
    { provide: CrudAuditLog, useExisting: AuditFacade },
    ServiceChangeRecorder,
    ServiceChangeLog,
  ],
  exports: [CatalogFacade, ServiceChangeLog],
})
export class CatalogModule {}
