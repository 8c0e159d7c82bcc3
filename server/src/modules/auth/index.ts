export { AuthModule } from './auth.module.js';
export { MemberGuard, OperatorGuard, CurrentMember, CurrentOperator } from './guards.js';
export {
  SessionsPort,
  type AccessTokenPayload,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from './sessions.port.js';
