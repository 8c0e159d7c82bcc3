// The support desk's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { SavedReply } from './domain/saved-reply.entity.js';
import { Ticket } from './domain/ticket.entity.js';
import { TicketMessage } from './domain/ticket-message.entity.js';

export { SavedReply, Ticket, TicketMessage };
export const supportEntities = [Ticket, TicketMessage, SavedReply];
