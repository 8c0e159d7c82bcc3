import { Module } from '@nestjs/common';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { RateLimitModule } from '../rate-limit/index.js';
import { AdminCrud, CrudAuditLog, CrudWriteListener } from '../../shared/index.js';
import { ContentChanges } from './application/content-changes.js';
import { ContentFacade } from './application/content.facade.js';
import { Uploads } from './application/uploads.js';
import { ADMIN_CONTENT_CONTROLLERS } from './http/admin-content.controllers.js';
import { AdminUploadsController } from './http/admin-uploads.controller.js';
import { ContentController } from './http/content.controller.js';
import { UploadCleanupJob } from './jobs/upload-cleanup.job.js';

@Module({
  imports: [AuditModule, RateLimitModule],
  controllers: [ContentController, AdminUploadsController, ...ADMIN_CONTENT_CONTROLLERS],
  providers: [
    ContentFacade,
    ContentChanges,
    Uploads,
    UploadCleanupJob,
    AdminCrud,
    { provide: CrudAuditLog, useExisting: AuditFacade },
    // The storefront's page keeps a copy of the popups: every committed content write refreshes it.
    {
      provide: CrudWriteListener,
      useFactory: (changes: ContentChanges): CrudWriteListener => ({ written: (resource) => changes.emit(resource) }),
      inject: [ContentChanges],
    },
  ],
  exports: [ContentFacade],
})
export class ContentModule {}
