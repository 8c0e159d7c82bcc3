// The identity module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { AuthSession } from './domain/auth-session.entity.js';
import { LoginCounter } from './domain/login-counter.entity.js';
import { LoginAttempt } from './domain/login-attempt.entity.js';
import { Member } from './domain/member.entity.js';
import { Operator } from './domain/operator.entity.js';
import { PasswordReset } from './domain/password-reset.entity.js';
import { RecoveryCode, SecondFactor, SecondFactorChallengeRow } from './domain/second-factor.entity.js';
import { SocialAccount } from './domain/social-account.entity.js';
import { VerificationCode } from './domain/verification-code.entity.js';

export {
  LoginAttempt,
  Member,
  Operator,
  PasswordReset,
  SocialAccount,
  VerificationCode,
  AuthSession,
  LoginCounter,
  SecondFactor,
  RecoveryCode,
  SecondFactorChallengeRow,
};
export const identityEntities = [
  Member,
  Operator,
  SocialAccount,
  VerificationCode,
  PasswordReset,
  LoginAttempt,
  AuthSession,
  LoginCounter,
  SecondFactor,
  RecoveryCode,
  SecondFactorChallengeRow,
];
