import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { ALERT_KINDS, ALERT_STATUSES, type AlertKind, type AlertStatus } from '../../../contracts/statuses.js';

/** What an alert is about and how its sending went: contracts/statuses.ts. */
export { ALERT_KINDS, ALERT_STATUSES, type AlertKind, type AlertStatus };

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
