import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

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

  constructor(loginId: string, passwordHash: string, now: Date) {
    this.loginId = loginId;
    this.passwordHash = passwordHash;
    this.createdAt = now;
  }
}
