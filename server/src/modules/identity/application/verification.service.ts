import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { brandedSubject, IDENTITY_MESSAGES as M, mailSignature, siteName } from '../../../contracts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import { CodeChannel, VerificationCode, WrongCodeError } from '../domain/verification-code.entity.js';
import { IdentitySettings } from './identity-settings.js';
import { Messenger } from './ports.js';
import { RateLimiter } from './rate-limiter.js';

const SENT = { [CodeChannel.EMAIL]: M.emailCodeSent, [CodeChannel.PHONE]: M.phoneCodeSent };

/** Sign-up verification codes: sent by mail or SMS, checked and used up by the sign-up transaction. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly messenger: Messenger,
    private readonly limiter: RateLimiter,
    private readonly settings: IdentitySettings,
  ) {}

  /** docs/product.md §8: 409 when a member already uses the address; otherwise a new code replaces any earlier one. */
  async send(channel: CodeChannel, recipient: string, ip: string): Promise<{ message: string }> {
    // Counted first, so the 409 below cannot be used to test addresses in bulk.
    await this.limiter.hit('sendCode', ip, `${channel}:${recipient}`);
    const em = this.em.fork();
    const taken = await em.count(Member, channel === CodeChannel.EMAIL ? { email: recipient } : { phone: recipient });
    if (taken > 0) throw new DomainError(channel === CodeChannel.EMAIL ? 'EMAIL_TAKEN' : 'PHONE_TAKEN');
    const now = this.clock.now();
    const code = new VerificationCode(channel, recipient, now);
    const minutes = VerificationCode.TTL_MS / 60_000;
    const brand = siteName(await this.settings.text('SITE_NAME'));
    // The code and its message in one transaction; the message goes at once (a failure is the member's 502)
    // and is not retried later: a new code replaces it.
    const messageId = await em.transactional(async (tx) => {
      await tx.nativeUpdate(VerificationCode, { channel, recipient, consumedAt: null }, { consumedAt: now });
      tx.persist(code);
      return this.messenger.write(
        tx,
        channel === CodeChannel.EMAIL
          ? {
              channel: 'EMAIL',
              event: 'identity.email-code',
              to: recipient,
              subject: brandedSubject(brand, '이메일 인증코드'),
              text: `이메일 인증코드는 ${code.code} 입니다.\n${minutes}분 안에 회원가입 화면에 입력해 주세요.${mailSignature(brand)}`,
              secrets: [code.code],
              urgent: true,
            }
          : {
              channel: 'SMS',
              event: 'identity.phone-code',
              to: recipient,
              text: `[${brand}] 인증번호 ${code.code} (${minutes}분 안에 입력해 주세요)`,
              secrets: [code.code],
              urgent: true,
            },
      );
    });
    if (!(await this.messenger.sendNow(messageId))) throw new DomainError('DELIVERY_FAILED');
    return { message: SENT[channel] };
  }

  /**
   * Uses up the recipient's current code inside the caller's sign-up transaction (row locked, so a
   * code serves one sign-up even under concurrency). A wrong code throws WrongCodeError; the caller
   * counts the attempt with `countWrongAttempt` after its transaction rolled back.
   */
  async consume(tx: EntityManager, channel: CodeChannel, recipient: string, code: string): Promise<void> {
    const current = await tx.findOne(
      VerificationCode,
      { channel, recipient, consumedAt: null },
      { orderBy: { id: 'DESC' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!current) throw new DomainError('CODE_NOT_SENT');
    current.consume(code, this.clock.now());
  }

  async countWrongAttempt(error: WrongCodeError): Promise<void> {
    await this.em.fork().execute('update verification_code set attempts = attempts + 1 where id = ?', [error.codeId]);
  }

  /** Drops codes that ended before `before` (the cleanup job). */
  prune(before: Date): Promise<number> {
    return this.em.fork().nativeDelete(VerificationCode, { expiresAt: { $lt: before } });
  }
}
