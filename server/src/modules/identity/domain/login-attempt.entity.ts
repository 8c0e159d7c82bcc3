import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { LoginAttemptResult } from '../../../contracts/index.js';

/**
 * contracts/statuses.ts: FAILED a wrong id or password (or an account that may not log in); THROTTLED
 * refused unchecked: this source failed too often for this account (429).
 */
export { LoginAttemptResult };

/** One login attempt of a member or an operator: the throttle's memory and the console's record. */
@Entity({ tableName: 'login_attempt' })
@Index({ name: 'login_attempt_pair', properties: ['kind', 'loginId', 'ip', 'createdAt'] })
@Index({ name: 'login_attempt_created_at', properties: ['createdAt'] })
export class LoginAttempt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** `member` or `operator`. */
  @Property({ type: 'string', length: 10 })
  kind: 'member' | 'operator';

  /** The id as typed, lower-cased (the account may not exist). */
  @Property({ type: 'string', length: 100 })
  loginId: string;

  @Property({ type: 'string', length: 64 })
  ip: string;

  @Enum({ items: () => LoginAttemptResult, nativeEnumName: undefined })
  result: LoginAttemptResult;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(props: Omit<LoginAttempt, 'id'>) {
    this.kind = props.kind;
    this.loginId = props.loginId;
    this.ip = props.ip;
    this.result = props.result;
    this.createdAt = props.createdAt;
  }
}
