import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export enum OutboxChannel {
  EMAIL = 'EMAIL',
  SMS = 'SMS',
}

export enum OutboxStatus {
  /** Handed to the SMTP server or the SMS gateway. */
  SENT = 'SENT',
  /** The SMTP server or gateway refused or could not be reached. */
  FAILED = 'FAILED',
  /** No transport configured (SMTP_URL / SMS_URL unset): kept here and logged only. */
  STORED = 'STORED',
}

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
