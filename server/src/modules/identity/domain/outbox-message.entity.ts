import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OutboxChannel, OutboxStatus } from '../../../contracts/index.js';

/**
 * contracts/statuses.ts: SENT handed to the SMTP server or the SMS gateway; FAILED refused or unreachable;
 * STORED no transport configured (SMTP_URL / SMS_URL unset): kept here and logged only.
 */
export { OutboxChannel, OutboxStatus };

/** Every mail and SMS the panel sends, delivered or not: what the console's outbox shows. */
@Entity({ tableName: 'outbox_message' })
@Index({ name: 'outbox_message_recipient', properties: ['recipient'] })
export class OutboxMessage {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: () => OutboxChannel, nativeEnumName: undefined })
  channel: OutboxChannel;

  @Property({ type: 'string', length: 254 })
  recipient: string;

  @Property({ type: 'string', length: 200, nullable: true })
  subject: string | null;

  @Property({ type: 'text' })
  body: string;

  @Enum({ items: () => OutboxStatus, nativeEnumName: undefined })
  status: OutboxStatus;

  @Property({ type: 'string', length: 500, nullable: true })
  error: string | null;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(props: Omit<OutboxMessage, 'id'>) {
    this.channel = props.channel;
    this.recipient = props.recipient;
    this.subject = props.subject;
    this.body = props.body;
    this.status = props.status;
    this.error = props.error;
    this.createdAt = props.createdAt;
  }
}
