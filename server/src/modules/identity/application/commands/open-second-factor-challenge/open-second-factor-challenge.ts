import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import {
  SECOND_FACTOR_LIMITS as L,
  SECOND_FACTOR_MESSAGES as M,
  type SecondFactorChallenge,
} from '../../../../../contracts/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { SecondFactorChallengeRow } from '../../../domain/second-factor.entity.js';
import type { LoginKind } from '../../login-throttle.js';
import { TokenService } from '../../tokens.js';

/** The login's second step must follow within this long (an enrolment needs time with the phone). */
const CHALLENGE_TTL_SECONDS = 10 * 60;

export type ChallengeStep = SecondFactorChallenge['twoFactor'];
interface ChallengePayload {
  sub: number;
  kind: LoginKind;
  lid: string;
  step: ChallengeStep;
  /** The challenge row that counts its tries and is used once. */
  cid: string;
}

export interface ReadChallenge {
  subjectId: number;
  loginId: string;
  challengeId: string;
}

/** The login challenge between the password step and the code step: its token and its row (tries, used once). */
@Injectable()
export class OpenSecondFactorChallenge {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly tokens: TokenService,
  ) {}

  /** The password step's answer when a second step follows: a short-lived token naming the account, the step and its row. */
  async challenge(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    step: ChallengeStep,
  ): Promise<SecondFactorChallenge> {
    const cid = randomBytes(16).toString('hex');
    const expiresAt = new Date(this.clock.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);
    await this.em.fork().persist(new SecondFactorChallengeRow(cid, expiresAt)).flush();
    const payload: ChallengePayload = { sub: subjectId, kind, lid: loginId, step, cid };
    return {
      twoFactor: step,
      challengeToken: this.tokens.purposeToken('second-factor-challenge', { ...payload }, CHALLENGE_TTL_SECONDS),
      message: step === 'code' ? M.codeStep : M.enrolStep,
    };
  }

  /** The account a challenge names, or 401 when it is forged, expired, another kind's or another step's. */
  readChallenge(kind: LoginKind, token: string, step: ChallengeStep): ReadChallenge {
    const payload = this.tokens.verifyPurposeToken<ChallengePayload>('second-factor-challenge', token);
    if (
      !payload ||
      payload.kind !== kind ||
      payload.step !== step ||
      !Number.isInteger(payload.sub) ||
      typeof payload.cid !== 'string'
    )
      throw new DomainError('SECOND_FACTOR_CHALLENGE_GONE');
    return { subjectId: payload.sub, loginId: String(payload.lid), challengeId: payload.cid };
  }

  /** 401 unless the challenge may still take a code (not used, not void, not expired). */
  async ensureOpen(challengeId: string): Promise<void> {
    const open = await this.em.fork().count(SecondFactorChallengeRow, {
      id: challengeId,
      usedAt: null,
      tries: { $lt: L.CHALLENGE_TRIES },
      expiresAt: { $gt: this.clock.now() },
    });
    if (!open) throw new DomainError('SECOND_FACTOR_CHALLENGE_GONE');
  }
}
