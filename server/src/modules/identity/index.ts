export { IdentityModule } from './identity.module.js';
export { MemberGuard, OperatorGuard, CurrentMember, CurrentOperator, type AuthenticatedMember, type AuthenticatedOperator } from './http/auth.guards.js';
export { OperatorBootstrap, type OperatorLogin } from './application/operator-bootstrap.js';
export { TokenService } from './application/tokens.js';
export { PasswordHasher } from './application/password-hasher.js';
export { Member, MemberStatus } from './domain/member.entity.js';
export { Operator } from './domain/operator.entity.js';
export { PointBalanceReader } from './application/ports.js';
