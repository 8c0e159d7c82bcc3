import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/index.js';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { ContentModule } from '../content/index.js';
import { DeliveryModule } from '../delivery/index.js';
import { IdentityModule } from '../identity/index.js';
import { OrderingModule } from '../ordering/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { AnswerTicket } from './application/commands/answer-ticket/answer-ticket.js';
import { AssignTicket } from './application/commands/assign-ticket/assign-ticket.js';
import { CloseOwnTicket } from './application/commands/close-own-ticket/close-own-ticket.js';
import { CloseStaleTickets } from './application/commands/close-stale-tickets/close-stale-tickets.js';
import { CloseTicket } from './application/commands/close-ticket/close-ticket.js';
import { OpenTicket } from './application/commands/open-ticket/open-ticket.js';
import { RefillTicketOrder } from './application/commands/refill-ticket-order/refill-ticket-order.js';
import { ReplyToTicket } from './application/commands/reply-to-ticket/reply-to-ticket.js';
import { CountUnreadTickets } from './application/queries/count-unread-tickets/count-unread-tickets.js';
import { GetMemberTicket } from './application/queries/get-member-ticket/get-member-ticket.js';
import { GetOperatorTicket } from './application/queries/get-operator-ticket/get-operator-ticket.js';
import { ListMemberTickets } from './application/queries/list-member-tickets/list-member-tickets.js';
import { ListTickets } from './application/queries/list-tickets/list-tickets.js';
import { AdminSavedRepliesController, AdminTicketsController } from './http/admin-tickets.controller.js';
import { MemberTicketsController } from './http/member-tickets.controller.js';
import { TicketAutoCloseJob } from './jobs/ticket-auto-close.job.js';

@Module({
  imports: [AlertsModule, AuditModule, ContentModule, DeliveryModule, IdentityModule, OrderingModule],
  controllers: [MemberTicketsController, AdminTicketsController, AdminSavedRepliesController],
  providers: [
    OpenTicket,
    ReplyToTicket,
    CloseOwnTicket,
    AnswerTicket,
    RefillTicketOrder,
    AssignTicket,
    CloseTicket,
    CloseStaleTickets,
    ListMemberTickets,
    GetMemberTicket,
    ListTickets,
    CountUnreadTickets,
    GetOperatorTicket,
    TicketAutoCloseJob,
    AdminCrud,
    { provide: CrudAuditLog, useExisting: AuditFacade },
  ],
})
export class SupportModule {}
