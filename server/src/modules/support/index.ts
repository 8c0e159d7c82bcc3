export { SupportModule } from './support.module.js';
export { TicketAutoCloseJob } from './jobs/ticket-auto-close.job.js';
export { TicketStatus } from '../../contracts/statuses.js';
export type { Ticket } from './domain/ticket.entity.js';
export type { TicketMessage } from './domain/ticket-message.entity.js';
export type { SavedReply } from './domain/saved-reply.entity.js';
