import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OPERATOR_ROLES, type OperatorRole } from '../../../contracts/operators.js';

/** A person who runs the panel from the console; never a member. */
@Entity({ tableName: 'operator' })
export class Operator {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 50 })
  @Unique()
  loginId: string;

  @Property({ type: 'string', length: 255, hidden: true })
  passwordHash: string;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  lastLoginAt: Date | null = null;

  /** What the operator may do in the console (contracts/operators.ts ROLE_PERMISSIONS). */
  @Enum({ items: [...OPERATOR_ROLES] })
  role: OperatorRole;

  /** Set when the owner disables the account: no login, and its tokens stop working. */
  @Property({ type: 'datetime', nullable: true })
  disabledAt: Date | null = null;

  constructor(loginId: string, passwordHash: string, now: Date, role: OperatorRole = 'OWNER') {
    this.loginId = loginId;
    this.passwordHash = passwordHash;
    this.createdAt = now;
    this.role = role;
  }
}
