import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/index.js';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { ContentModule } from '../content/index.js';
import { IdentityModule } from '../identity/index.js';
import { OrderingModule } from '../ordering/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { Tickets } from './application/tickets.service.js';
import { AdminSavedRepliesController, AdminTicketsController } from './http/admin-tickets.controller.js';
import { MemberTicketsController } from './http/member-tickets.controller.js';
import { TicketAutoCloseJob } from './jobs/ticket-auto-close.job.js';

@Module({
  imports: [AlertsModule, AuditModule, ContentModule, IdentityModule, OrderingModule],
  controllers: [MemberTicketsController, AdminTicketsController, AdminSavedRepliesController],
  providers: [Tickets, TicketAutoCloseJob, AdminCrud, { provide: CrudAuditLog, useExisting: AuditFacade }],
  exports: [Tickets],
})
export class SupportModule {}
