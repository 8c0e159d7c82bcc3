import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../../config/index.js';
import { RateLimitModule } from '../rate-limit/index.js';
import { AuditModule } from '../audit/index.js';
import { ContentModule } from '../content/index.js';
import { SettingsModule } from '../settings/index.js';
import { AdjustPointsWhenApproved } from './application/handlers/adjust-points-when-approved.js';
import { IdentitySettings } from './application/identity-settings.js';
import { AccountService } from './application/account.service.js';
import { IdentityFacade } from './application/identity.facade.js';
import { LoginService } from './application/login.service.js';
import { MembersAdminService } from './application/members-admin.service.js';
import { MemberContacts } from './application/member-contacts.js';
import { OperatorBootstrap } from './application/operator-bootstrap.js';
import { PasswordHasher } from './application/password-hasher.js';
import { ProfileService } from './application/profile.service.js';
import { RateLimiter } from './application/rate-limiter.js';
import { RecoveryService } from './application/recovery.service.js';
import { RegistrationService } from './application/registration.service.js';
import { IdentitySecrets } from './application/secrets.js';
import { SecondFactorService } from './application/second-factor.service.js';
import { CheckSecondFactorCode } from './application/commands/check-second-factor-code/check-second-factor-code.js';
import { OpenSecondFactorChallenge } from './application/commands/open-second-factor-challenge/open-second-factor-challenge.js';
import { EnrolSecondFactor } from './application/commands/enrol-second-factor/enrol-second-factor.js';
import { DisableSecondFactor } from './application/commands/disable-second-factor/disable-second-factor.js';
import { RenewRecoveryCodes } from './application/commands/renew-recovery-codes/renew-recovery-codes.js';
import { SocialLoginService } from './application/social-login.service.js';
import { SocialProviders } from './application/social-providers.js';
import { TokenService } from './application/tokens.js';
import { VerificationService } from './application/verification.service.js';
import { AdminAuthController } from './http/admin-auth.controller.js';
import { AdminOperatorsController } from './http/admin-operators.controller.js';
import { OperatorsService } from './application/operators.service.js';
import { AdminLoginAttemptsController, AdminMembersController } from './http/admin-members.controller.js';
import { LoginThrottle } from './application/login-throttle.js';
import { AuthController } from './http/auth.controller.js';
import { SessionsAdapter } from './application/sessions-adapter.js';
import { Sessions } from './application/sessions.js';
import { RecoveryController } from './http/recovery.controller.js';
import { IdentityCleanupJob } from './jobs/identity-cleanup.job.js';

@Module({
  imports: [
    RateLimitModule,
    AuditModule,
    SettingsModule,
    ContentModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [
    AuthController,
    RecoveryController,
    AdminAuthController,
    AdminMembersController,
    AdminLoginAttemptsController,
    AdminOperatorsController,
  ],
  providers: [
    IdentitySecrets,
    PasswordHasher,
    TokenService,
    RateLimiter,
    LoginThrottle,
    LoginService,
    SecondFactorService,
    CheckSecondFactorCode,
    OpenSecondFactorChallenge,
    EnrolSecondFactor,
    DisableSecondFactor,
    RenewRecoveryCodes,
    ProfileService,
    VerificationService,
    RegistrationService,
    SocialProviders,
    SocialLoginService,
    AccountService,
    RecoveryService,
    MembersAdminService,
    IdentityFacade,
    OperatorBootstrap,
    IdentityCleanupJob,
    Sessions,
    SessionsAdapter,
    OperatorsService,
    MemberContacts,
    IdentitySettings,
    AdjustPointsWhenApproved,
  ],
  exports: [IdentityFacade, OperatorBootstrap, SessionsAdapter, TokenService, PasswordHasher, MemberContacts],
})
export class IdentityModule {}
