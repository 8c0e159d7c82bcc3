import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { NoticeChoice } from '../../../contracts/index.js';

/** A member's channel for one customer notice (no row: the default, 알림톡 or mail without a phone). */
@Entity({ tableName: 'notice_preference' })
export class NoticePreference {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @PrimaryKey({ type: 'string', length: 40 })
  event!: string;

  @Property({ type: 'string', length: 20 })
  choice!: NoticeChoice;
}
