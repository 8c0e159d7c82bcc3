export { AuthModule } from './auth.module.js';
export { MemberGuard, OperatorGuard, CurrentMember, CurrentOperator } from './guards.js';
export {
  SessionReader,
  type AccessTokenPayload,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from './session-reader.js';
