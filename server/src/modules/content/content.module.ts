import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { ContentAdmin } from './application/content-admin.js';
import { ContentChanges } from './application/content-changes.js';
import { ContentFacade } from './application/content.facade.js';
import { Uploads } from './application/uploads.js';
import { ADMIN_CONTENT_CONTROLLERS } from './http/admin-content.controllers.js';
import { AdminUploadsController } from './http/admin-uploads.controller.js';
import { ContentController } from './http/content.controller.js';

@Module({
  imports: [AuditModule],
  controllers: [ContentController, AdminUploadsController, ...ADMIN_CONTENT_CONTROLLERS],
  providers: [ContentFacade, ContentAdmin, ContentChanges, Uploads],
  exports: [ContentFacade],
})
export class ContentModule {}
