import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { type SecondFactorChallenge, type SocialRegisterInput } from '../../../contracts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import { SocialAccount, SocialProvider } from '../domain/social-account.entity.js';
import { RegistrationService } from './registration.service.js';
import { SecondFactorService } from './second-factor.service.js';
import { SocialProviders, type SocialProfile } from './social-providers.js';
import { TokenService } from './tokens.js';
import { RateLimiter } from './rate-limiter.js';
import { Sessions, type LoginContext, type TokenPair } from './sessions.js';

/** How long the register page may take to send the social sign-up token back. */
const SIGNUP_TOKEN_TTL_SECONDS = 30 * 60;

interface SignUpClaims {
  provider: SocialProvider;
  pid: string;
  email: string | null;
}

/** Naver and Kakao login; an unknown account gets a 404 with a token for the social register page. */
@Injectable()
export class SocialLoginService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly providers: SocialProviders,
    private readonly tokens: TokenService,
    private readonly sessions: Sessions,
    private readonly limiter: RateLimiter,
    private readonly registration: RegistrationService,
    private readonly factors: SecondFactorService,
  ) {}

  async loginWithNaver(code: string, context: LoginContext): Promise<TokenPair | SecondFactorChallenge> {
    await this.providers.ensureEnabled(SocialProvider.NAVER);
    return this.login(await this.providers.naver(code), context);
  }

  async loginWithKakao(accessToken: string, context: LoginContext): Promise<TokenPair | SecondFactorChallenge> {
    await this.providers.ensureEnabled(SocialProvider.KAKAO);
    return this.login(await this.providers.kakao(accessToken), context);
  }

  private async login(profile: SocialProfile, context: LoginContext): Promise<TokenPair | SecondFactorChallenge> {
    const account = await this.em
      .fork()
      .findOne(
        SocialAccount,
        { provider: profile.provider, providerUserId: profile.providerUserId },
        { populate: ['member'] },
      );
    if (!account) {
      const claims: SignUpClaims = { provider: profile.provider, pid: profile.providerUserId, email: profile.email };
      const token = this.tokens.purposeToken('social-signup-token', { ...claims }, SIGNUP_TOKEN_TTL_SECONDS);
      throw new DomainError('SOCIAL_NOT_REGISTERED', undefined, { details: { token } });
    }
    if (!account.member.canLogIn) throw new DomainError('ACCOUNT_RESTRICTED');
    // A provider's login is the first factor only: a member with TOTP still gives the code.
    if (await this.factors.isEnabled('member', account.member.id))
      return this.factors.challenge(
        'member',
        account.member.id,
        account.member.loginId ?? `#${account.member.id}`,
        'code',
      );
    return this.sessions.open('member', account.member.id, context, account.member.sessionVersion);
  }

  /** POST /auth/register/naver|kakao: the member, bound to the provider account the token names. */
  async register(provider: SocialProvider, input: SocialRegisterInput, ip: string): Promise<{ message: string }> {
    await this.providers.ensureEnabled(provider);
    await this.limiter.hit('register', ip);
    const claims = this.tokens.verifyPurposeToken<SignUpClaims>('social-signup-token', input.accessToken);
    if (!claims || claims.provider !== provider || typeof claims.pid !== 'string')
      throw new DomainError('SOCIAL_TOKEN_INVALID');
    const em = this.em.fork();
    if (await em.count(SocialAccount, { provider, providerUserId: claims.pid })) throw new DomainError('SOCIAL_TAKEN');
    // The provider's email is kept only while no other member uses it.
    const email = claims.email && !(await em.count(Member, { email: claims.email })) ? claims.email : null;
    const loginId = `${provider.toLowerCase()}_${randomBytes(5).toString('hex')}`;
    return this.registration.signUp(
      { ...input, loginId, password: null, email },
      {
        bind: async (tx, member) => {
          tx.persist(new SocialAccount(provider, claims.pid, member, this.clock.now()));
        },
      },
    );
  }
}
