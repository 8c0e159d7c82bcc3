import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES, type LoginInput } from '../../../contracts/index.js';
import { Clock } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { RateLimiter } from './rate-limiter.js';
import { TokenService } from './tokens.js';

@Injectable()
export class LoginService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * 404 with one message whether the id or the password is wrong (spec §8), and for a suspended or
   * withdrawn member. Attempts are limited per IP and per id (429).
   */
  async member(input: LoginInput, ip: string): Promise<{ accessToken: string }> {
    await this.limiter.hit('login', ip, `member:${input.id}`);
    const member = await this.em.fork().findOne(Member, { loginId: input.id });
    const ok = await this.hasher.verify(member?.passwordHash, input.password);
    if (!member || !ok || !member.canLogIn) throw new NotFoundException(MESSAGES.loginFailed);
    return { accessToken: this.tokens.accessToken('member', member.id, member.sessionVersion) };
  }

  async operator(input: LoginInput, ip: string): Promise<{ accessToken: string }> {
    await this.limiter.hit('login', ip, `operator:${input.id}`);
    const em = this.em.fork();
    const operator = await em.findOne(Operator, { loginId: input.id });
    const ok = await this.hasher.verify(operator?.passwordHash, input.password);
    if (!operator || !ok) throw new NotFoundException(MESSAGES.loginFailed);
    operator.lastLoginAt = this.clock.now();
    await em.flush();
    return { accessToken: this.tokens.accessToken('operator', operator.id) };
  }
}
