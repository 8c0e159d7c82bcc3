import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { randomInt } from 'node:crypto';
import { IDENTITY_MESSAGES as M, type ChangePasswordInput } from '../../../contracts/index.js';
import { Clock, CommandBus, DomainError, EventBus, NotFoundError } from '../../../shared/index.js';
import { apiKeyHash, newApiKey } from '../domain/api-key.js';
import { Member } from '../domain/member.entity.js';
import { SocialAccount } from '../domain/social-account.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { IdentitySettings } from './identity-settings.js';
import { CloseDeletedMemberBalance, MemberDeleted } from './events.js';
import { IdentitySecrets } from './secrets.js';
import { Sessions } from './sessions.js';
import { RateLimiter } from './rate-limiter.js';
import { LoginThrottle } from './login-throttle.js';
import { LoginAttemptResult } from '../domain/login-attempt.entity.js';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function referralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

/** What a logged-in member does to their own account (docs/product.md §2 /account, §6). */
@Injectable()
export class AccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly secrets: IdentitySecrets,
    private readonly settings: IdentitySettings,
    private readonly events: EventBus,
    private readonly commands: CommandBus,
    private readonly sessions: Sessions,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Runs `change` on the member's row, locked, in one transaction. */
  private withMember<T>(memberId: number, change: (member: Member, tx: EntityManager) => Promise<T> | T): Promise<T> {
    return this.em.fork().transactional(async (tx) => {
      const member = await tx.findOne(Member, memberId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!member?.canLogIn) throw new NotFoundError();
      return change(member, tx);
    });
  }

  /**
   * 409 when the current password is wrong (docs/product.md §8). Every session ends, this one too (the member
   * logs in again with the new password); the API key is renewed when the member asks (then answered once).
   */
  async changePassword(
    memberId: number,
    loginId: string,
    input: ChangePasswordInput,
    ip: string,
  ): Promise<{ message: string; apiKey?: string }> {
    // The current password is a password guess like a login's: the same count before the check, the same record.
    await this.limiter.hit('accountSecurity', ip, `member:${memberId}`);
    await this.throttle.claim('member', loginId, ip);
    const newHash = await this.hasher.hash(input.newPassword);
    return this.withMember(memberId, async (member, tx) => {
      const right = await this.hasher.verify(member.passwordHash, input.currentPassword);
      await this.throttle.record(
        'member',
        loginId,
        ip,
        right ? LoginAttemptResult.SUCCEEDED : LoginAttemptResult.FAILED,
      );
      if (!right) throw new DomainError('CURRENT_PASSWORD_WRONG');
      await this.throttle.succeeded('member', loginId, ip);
      member.setPassword(newHash);
      await this.sessions.revokeAll('member', member.id, 'password', undefined, tx);
      if (!input.renewApiKey) return { message: M.passwordChanged };
      const apiKey = newApiKey();
      member.setApiKey(apiKeyHash(apiKey), this.secrets.apiKeys.seal(apiKey));
      return { message: M.passwordChanged, apiKey };
    });
  }

  /** A new reseller API key replaces the old one, which stops working at once. */
  renewApiKey(memberId: number): Promise<{ apiKey: string }> {
    const apiKey = newApiKey();
    return this.withMember(memberId, (member) => {
      member.setApiKey(apiKeyHash(apiKey), this.secrets.apiKeys.seal(apiKey));
      return { apiKey };
    });
  }

  /** docs/product.md §6: only while ENABLE_REFERRAL is on and the member has none. */
  async issueReferralCode(memberId: number): Promise<{ referralCode: string }> {
    if (!(await this.settings.isOn('ENABLE_REFERRAL'))) throw new DomainError('REFERRAL_DISABLED');
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.withMember(memberId, (member) => {
          member.issueReferralCode(referralCode());
          return { referralCode: member.referralCode! };
        });
      } catch (error) {
        // 32^8 codes: a collision is rare, and simply retried.
        if (!(error instanceof UniqueConstraintViolationException) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Withdrawal: the id, contacts, credentials and social bindings are released; money records keep the
   * row. In the same transaction the member's money closes: MemberDeleted's handlers close waiting charges
   * and open orders (with their refunds), then the wallet closes the balance.
   */
  withdraw(memberId: number): Promise<{ message: string }> {
    return this.withMember(memberId, async (member, tx) => {
      member.withdraw(this.clock.now());
      await this.sessions.revokeAll('member', member.id, 'deleted', undefined, tx);
      await tx.nativeDelete(SocialAccount, { member: member.id });
      await tx.flush();
      await this.events.publish(new MemberDeleted(tx, member.id));
      await this.commands.execute(new CloseDeletedMemberBalance(tx, member.id));
      return { message: M.withdrawn };
    });
  }
}
