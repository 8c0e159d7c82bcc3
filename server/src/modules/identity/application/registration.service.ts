import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  IDENTITY_MESSAGES as M,
  TERMS_VERSION,
  verificationIssue,
  type RegisterInput,
} from '../../../contracts/index.js';
import { Clock, DomainError, inputRefusal } from '../../../shared/index.js';
import { Member, MemberStatus } from '../domain/member.entity.js';
import { CodeChannel, WrongCodeError } from '../domain/verification-code.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { RateLimiter } from './rate-limiter.js';
import { IdentitySettings } from './identity-settings.js';
import { ContentFacade } from '../../content/index.js';
import { VerificationService } from './verification.service.js';

/** What every sign-up carries; an ordinary one adds id, password and a verified email. */
export interface SignUp {
  loginId: string;
  password: string | null;
  email: string | null;
  emailCode?: string;
  phoneNumber?: string;
  sendCode?: string;
  referral?: string;
  registerWhere: string;
  /** Checked true by the contract (agreeTerms, agreePrivacy); marketing is optional. */
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreeMarketing: boolean;
}

/** A social sign-up binds the provider account in the same transaction, and has no email code. */
export interface SignUpBinding {
  bind(tx: EntityManager, member: Member): Promise<void>;
}

const SUCCESS = { message: M.registerSuccess };

@Injectable()
export class RegistrationService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly verification: VerificationService,
    private readonly settings: IdentitySettings,
    private readonly registerWheres: ContentFacade,
    private readonly limiter: RateLimiter,
  ) {}

  /** POST /auth/register: limited per address (an IPv6 one by its /64) before anything else. */
  async register(input: RegisterInput, ip: string): Promise<{ message: string }> {
    await this.limiter.hit('register', ip);
    return this.signUp({ ...input, loginId: input.id });
  }

  /**
   * docs/product.md §5/§8: the switch-dependent code rules, a known sign-up route, a free id/email/phone, the
   * codes used up, the referrer linked, all in one transaction: a refusal stores nothing (a wrong
   * code only counts as an attempt).
   */
  async signUp(input: SignUp, binding?: SignUpBinding): Promise<{ message: string }> {
    const [emailVerify, phoneVerify, referralOn] = await Promise.all([
      this.settings.isOn('ENABLE_EMAIL_VERIFY'),
      this.settings.isOn('ENABLE_PHONE_NUMBER'),
      this.settings.isOn('ENABLE_REFERRAL'),
    ]);
    const issue = verificationIssue(input, { emailVerify, phoneVerify }, !!binding);
    if (issue) throw inputRefusal(issue);
    if (!(await this.registerWheres.isRegisterWhereOption(input.registerWhere)))
      throw new DomainError('REGISTER_WHERE_REQUIRED');
    const phone = phoneVerify ? input.phoneNumber! : null;
    const passwordHash = input.password === null ? null : await this.hasher.hash(input.password);
    try {
      await this.em.fork().transactional(async (tx) => {
        if (await tx.count(Member, { loginId: input.loginId })) throw new DomainError('ID_TAKEN');
        if (input.email && !binding && (await tx.count(Member, { email: input.email })))
          throw new DomainError('EMAIL_TAKEN');
        if (phone && (await tx.count(Member, { phone }))) throw new DomainError('PHONE_TAKEN');
        if (emailVerify && !binding)
          await this.verification.consume(tx, CodeChannel.EMAIL, input.email!, input.emailCode!);
        if (phone) await this.verification.consume(tx, CodeChannel.PHONE, phone, input.sendCode!);
        const referredBy = referralOn && input.referral ? await this.referrer(tx, input.referral) : null;
        const member = new Member({
          loginId: input.loginId,
          passwordHash,
          email: input.email,
          phone,
          registerWhere: input.registerWhere,
          referredBy,
          consents: { marketing: input.agreeMarketing, termsVersion: TERMS_VERSION },
          now: this.clock.now(),
        });
        tx.persist(member);
        await binding?.bind(tx, member);
      });
    } catch (error) {
      if (error instanceof WrongCodeError) await this.verification.countWrongAttempt(error);
      // Two sign-ups raced for the same id, email or phone: the loser is told so, not a 500.
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('REGISTER_FAILED');
      throw error;
    }
    return SUCCESS;
  }

  private async referrer(tx: EntityManager, code: string): Promise<Member> {
    const referrer = await tx.findOne(Member, { referralCode: code, status: { $ne: MemberStatus.DELETED } });
    if (!referrer) throw new DomainError('REFERRAL_UNKNOWN');
    return referrer;
  }
}
