import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const ALERT_KINDS = ['CHARGE_REQUEST', 'UNMATCHED_DEPOSIT', 'ORDER_CHECK', 'PROVIDER_BALANCE', 'PROVIDER_ERRORS'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** PENDING: to send; SENT: delivered by Telegram (or mailed when only mail is set); STORED: no channel set; FAILED: gave up. */
export const ALERT_STATUSES = ['PENDING', 'SENT', 'STORED', 'FAILED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** One operator alert, raised once per event (dedupe key) and sent by whichever replica claims it. */
@Entity({ tableName: 'operator_alert' })
export class OperatorAlert {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 40 })
  kind!: AlertKind;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'string', length: 200, unique: true })
  dedupeKey!: string;

  @Property({ type: 'string', length: 20 })
  status!: AlertStatus;

  @Property({ type: 'integer' })
  attempts!: number;

  @Property({ type: 'datetime', index: true })
  nextAttemptAt!: Date;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  mailedAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
