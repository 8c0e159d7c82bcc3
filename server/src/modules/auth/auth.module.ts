import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { MemberGuard, MemberJwtStrategy, OperatorGuard, OperatorJwtStrategy } from './guards.js';

/**
 * Authentication on its own: the JWT strategies and the guards every controller uses. Sessions are read through
 * SessionsPort (identity implements it; app.module binds it), so no module imports identity for its guards.
 */
@Global()
@Module({
  imports: [PassportModule],
  providers: [MemberJwtStrategy, OperatorJwtStrategy, MemberGuard, OperatorGuard],
  exports: [MemberGuard, OperatorGuard],
})
export class AuthModule {}
