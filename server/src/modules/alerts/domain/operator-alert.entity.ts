import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { ALERT_KINDS, type AlertKind } from '../../../contracts/statuses.js';

/** What an alert is about: contracts/statuses.ts. */
export { ALERT_KINDS, type AlertKind };

/**
 * One operator alert, raised once per event (dedupe key). Its Telegram message and mail are deliveries
 * (발송 내역, events `alert.<kind>`), written in the same transaction.
 */
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

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
