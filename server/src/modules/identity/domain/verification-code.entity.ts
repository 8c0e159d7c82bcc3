import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../shared/index.js';

export enum CodeChannel {
  EMAIL = 'EMAIL',
  PHONE = 'PHONE',
}

/** A wrong code: the attempt is counted outside the (rolled back) sign-up transaction. */
export class WrongCodeError extends DomainError {
  constructor(
    readonly codeId: number,
    channel: CodeChannel,
  ) {
    super(channel === CodeChannel.EMAIL ? 'EMAIL_CODE_WRONG' : 'PHONE_CODE_WRONG');
  }
}

/**
 * A sign-up verification code sent by mail or SMS (docs/product.md §9: 5 characters). It lives 10 minutes,
 * allows a few wrong tries, and is used once; sending a new one retires the previous one.
 */
@Entity({ tableName: 'verification_code' })
@Index({ name: 'verification_code_recipient', properties: ['channel', 'recipient'] })
export class VerificationCode {
  static readonly LENGTH = 5;
  static readonly TTL_MS = 10 * 60 * 1000;
  static readonly MAX_ATTEMPTS = 5;

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: () => CodeChannel, nativeEnumName: undefined })
  channel: CodeChannel;

  /** The normalized email or the 11-digit phone number. */
  @Property({ type: 'string', length: 254 })
  recipient: string;

  @Property({ type: 'string', length: 5, hidden: true })
  code: string;

  @Property({ type: 'datetime' })
  expiresAt: Date;

  @Property({ type: 'integer' })
  attempts = 0;

  /** Set when used, or when a newer code replaced it. */
  @Property({ type: 'datetime', nullable: true })
  consumedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(channel: CodeChannel, recipient: string, now: Date) {
    this.channel = channel;
    this.recipient = recipient;
    this.code = String(randomInt(0, 10 ** VerificationCode.LENGTH)).padStart(VerificationCode.LENGTH, '0');
    this.createdAt = now;
    this.expiresAt = new Date(now.getTime() + VerificationCode.TTL_MS);
  }

  /** Uses the code up if `code` is it; throws when it is spent, expired, out of tries or wrong. */
  consume(code: string, now: Date): void {
    if (this.consumedAt || now >= this.expiresAt || this.attempts >= VerificationCode.MAX_ATTEMPTS)
      throw new DomainError('CODE_EXPIRED');
    const given = Buffer.from(code);
    const expected = Buffer.from(this.code);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WrongCodeError(this.id, this.channel);
    this.consumedAt = now;
  }
}
