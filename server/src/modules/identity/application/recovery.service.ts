import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  brandedSubject,
  IDENTITY_MESSAGES as M,
  mailSignature,
  siteName,
  type ResetPasswordInput,
} from '../../../contracts/index.js';
import { AppConfig } from '../../../config/index.js';
import { Clock, DomainError, NotFoundError } from '../../../shared/index.js';
import { Member, MemberStatus } from '../domain/member.entity.js';
import { PasswordReset } from '../domain/password-reset.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { IdentitySettings } from './identity-settings.js';
import { Messenger } from './ports.js';
import { RateLimiter } from './rate-limiter.js';
import { TokenService } from './tokens.js';
import { Sessions } from './sessions.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Find id, find password (a mailed reset link) and reset password. The screens exist only while
 * email verification is on (docs/product.md §2), so the calls do too. Find-password answers the same whether
 * or not the email belongs to a member.
 */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: Sessions,
    private readonly messenger: Messenger,
    private readonly limiter: RateLimiter,
    private readonly settings: IdentitySettings,
  ) {}

  private async guard(action: 'findId' | 'findPassword', ip: string, email: string): Promise<void> {
    if (!(await this.settings.isOn('ENABLE_EMAIL_VERIFY'))) throw new DomainError('EMAIL_FEATURE_OFF');
    await this.limiter.hit(action, ip, email);
  }

  private activeByEmail(email: string): Promise<Member | null> {
    return this.em.fork().findOne(Member, { email, status: MemberStatus.ACTIVE });
  }

  async findId(email: string, ip: string): Promise<{ userId: string }> {
    await this.guard('findId', ip, email);
    const member = await this.activeByEmail(email);
    if (!member?.loginId) throw new NotFoundError('EMAIL_NOT_FOUND');
    return { userId: member.loginId };
  }

  async findPassword(email: string, ip: string): Promise<{ message: string }> {
    await this.guard('findPassword', ip, email);
    const member = await this.activeByEmail(email);
    if (member) {
      const reset = new PasswordReset(randomUUID(), member.id, this.clock.now());
      const token = this.tokens.purposeToken(
        'password-reset-token',
        { sub: member.id, jti: reset.jti },
        PasswordReset.TTL_MS / 1000,
      );
      const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, this.config.publicUrl).toString();
      const brand = siteName(await this.settings.text('SITE_NAME'));
      const messageId = await this.em.fork().transactional(async (tx) => {
        // Only the newest link works.
        await tx.nativeUpdate(PasswordReset, { memberId: member.id, usedAt: null }, { usedAt: reset.createdAt });
        tx.persist(reset);
        return this.messenger.write(tx, {
          channel: 'EMAIL',
          event: 'identity.password-reset',
          to: email,
          memberId: member.id,
          subject: brandedSubject(brand, '비밀번호 재설정 안내'),
          text: `아래 링크에서 비밀번호를 재설정해 주세요. 링크는 ${PasswordReset.TTL_MS / 60_000}분 동안 한 번만 사용할 수 있습니다.\n\n${link}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.${mailSignature(brand)}`,
          // The token (as it appears in the link) reaches only the mailbox; a lost mail is resent as a new link.
          secrets: [encodeURIComponent(token), token],
          urgent: true,
        });
      });
      // The answer is the same whether the mail went or not (and whether the address is a member's).
      await this.messenger.sendNow(messageId);
    }
    return { message: M.mailSent };
  }

  /** The token's signature, expiry and single use are all checked; the new password ends every session. */
  async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
    const claims = this.tokens.verifyPurposeToken<{ sub: unknown; jti: unknown }>('password-reset-token', input.token);
    if (!claims || typeof claims.jti !== 'string' || !UUID.test(claims.jti) || !Number.isInteger(claims.sub))
      throw new DomainError('RESET_TOKEN_INVALID');
    const hash = await this.hasher.hash(input.password);
    await this.em.fork().transactional(async (tx) => {
      const reset = await tx.findOne(
        PasswordReset,
        { jti: claims.jti as string, memberId: claims.sub as number },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const member = await tx.findOne(Member, claims.sub as number);
      if (!reset || !member?.canLogIn) throw new DomainError('RESET_TOKEN_INVALID');
      reset.use(this.clock.now());
      member.setPassword(hash);
      await this.sessions.revokeAll('member', member.id, 'password', undefined, tx);
    });
    return { message: M.resetSuccess };
  }

  /** Drops reset links that ended before `before` (the cleanup job). */
  prune(before: Date): Promise<number> {
    return this.em.fork().nativeDelete(PasswordReset, { expiresAt: { $lt: before } });
  }
}
