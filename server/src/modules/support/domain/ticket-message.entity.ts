import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { TicketAuthor } from '../../../contracts/index.js';

/** One message of a ticket's thread: the member's, an operator's (an answer or an internal note), or the desk's own record. */
@Entity({ tableName: 'support_ticket_message' })
@Index({ name: 'support_ticket_message_ticket', properties: ['ticketId', 'id'] })
export class TicketMessage {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  ticketId!: number;

  @Property({ type: 'string', length: 10 })
  author!: TicketAuthor;

  /** The member's or the operator's id; null for the desk's own records. */
  @Property({ type: 'integer', nullable: true })
  authorId: number | null = null;

  /** Plain text, never HTML: every screen shows it as text. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'json' })
  images: string[] = [];

  /** An operator's note members never see. */
  @Property({ type: 'boolean' })
  internal = false;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  static write(props: {
    ticketId: number;
    author: TicketAuthor;
    authorId: number | null;
    body: string;
    images?: string[];
    internal?: boolean;
    now: Date;
  }): TicketMessage {
    const message = new TicketMessage();
    message.ticketId = props.ticketId;
    message.author = props.author;
    message.authorId = props.authorId;
    message.body = props.body;
    message.images = props.images ?? [];
    message.internal = props.internal ?? false;
    message.createdAt = props.now;
    return message;
  }
}
