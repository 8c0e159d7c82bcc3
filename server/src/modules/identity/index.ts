export { IdentityModule } from './identity.module.js';
export { SessionsAdapter } from './application/sessions-adapter.js';
export { IdentityFacade } from './application/identity.facade.js';
export { OperatorBootstrap, type OperatorLogin } from './application/operator-bootstrap.js';
export { TokenService } from './application/tokens.js';
export { MemberContacts } from './application/member-contacts.js';
export { PasswordHasher } from './application/password-hasher.js';
export { IdentityCleanupJob } from './jobs/identity-cleanup.job.js';
export { RATE_LIMITS } from './application/rate-limiter.js';
export { MemberStatus, SocialProvider, CodeChannel, LoginAttemptResult } from './domain/vocabulary.js';
export type { Member } from './domain/member.entity.js';
export type { Operator } from './domain/operator.entity.js';
export type { SocialAccount } from './domain/social-account.entity.js';
export type { VerificationCode } from './domain/verification-code.entity.js';
export type { PasswordReset } from './domain/password-reset.entity.js';
export type { LoginAttempt } from './domain/login-attempt.entity.js';
export { LOGIN_THROTTLE } from './application/login-throttle.js';
export {
  PointBalanceReader,
  PointAdjuster,
  ApprovalGate,
  MemberLevelReader,
  Messenger,
  type IdentityMessage,
  type PointReference,
} from './application/ports.js';
export { MemberDeleted, CloseDeletedMemberBalance, OperatorSecondFactorLocked } from './application/events.js';
