// Identity's words other modules use as values (statuses, channels); the entities that carry them stay inside.
export { MemberStatus } from './member.entity.js';
export { SocialProvider } from './social-account.entity.js';
export { CodeChannel } from './verification-code.entity.js';
export { LoginAttemptResult } from './login-attempt.entity.js';
