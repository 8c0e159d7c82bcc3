import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { DomainError } from '../../../shared/index.js';

/** One mailed reset link (its token's jti): usable once, until it expires. */
@Entity({ tableName: 'password_reset' })
export class PasswordReset {
  static readonly TTL_MS = 30 * 60 * 1000;

  @PrimaryKey({ type: 'uuid' })
  jti: string;

  @Property({ type: 'integer', index: true })
  memberId: number;

  @Property({ type: 'datetime' })
  expiresAt: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(jti: string, memberId: number, now: Date) {
    this.jti = jti;
    this.memberId = memberId;
    this.createdAt = now;
    this.expiresAt = new Date(now.getTime() + PasswordReset.TTL_MS);
  }

  use(now: Date): void {
    if (this.usedAt || now >= this.expiresAt) throw new DomainError('RESET_TOKEN_INVALID');
    this.usedAt = now;
  }
}
