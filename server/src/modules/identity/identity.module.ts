import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/index.js';
import { LoginService } from './application/login.service.js';
import { OperatorBootstrap } from './application/operator-bootstrap.js';
import { PasswordHasher } from './application/password-hasher.js';
import { ProfileService } from './application/profile.service.js';
import { TokenService } from './application/tokens.js';
import { AdminAuthController } from './http/admin-auth.controller.js';
import { AuthController } from './http/auth.controller.js';
import { MemberGuard, MemberJwtStrategy, OperatorGuard, OperatorJwtStrategy } from './http/auth.guards.js';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, AdminAuthController],
  providers: [
    PasswordHasher,
    TokenService,
    LoginService,
    ProfileService,
    OperatorBootstrap,
    MemberJwtStrategy,
    OperatorJwtStrategy,
    MemberGuard,
    OperatorGuard,
  ],
  exports: [OperatorBootstrap, MemberGuard, OperatorGuard, TokenService, PasswordHasher],
})
export class IdentityModule {}
