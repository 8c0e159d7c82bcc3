import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  loginSchema,
  mayUse,
  PERMISSIONS,
  refreshSchema,
  secondFactorChallengeBodySchema,
  secondFactorCodeBodySchema,
  secondFactorLoginSchema,
  secondFactorRequired,
  type LoginInput,
  type SecondFactorChallengeBody,
  type SecondFactorCodeBody,
  type SecondFactorLogin,
  type OperatorMe,
  type RefreshInput,
} from '../../../contracts/index.js';
import { Allow, DomainError, IdPipe, ZodPipe } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { LoginService } from '../application/login.service.js';
import { SecondFactorService } from '../application/second-factor.service.js';
import { Sessions, type LoginContext } from '../application/sessions.js';
import { Client } from './login-context.js';

/** The operator's own login, sessions and logout under /api/admin/auth. */
@Controller('admin/auth')
export class AdminAuthController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: Sessions,
    private readonly factors: SecondFactorService,
  ) {}

  @Post('login')
  @Allow('public')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Client() client: LoginContext) {
    return this.login.operator(body, client);
  }

  @Post('refresh')
  @Allow('public')
  @HttpCode(200)
  refresh(@Body(new ZodPipe(refreshSchema)) body: RefreshInput) {
    return this.sessions.refresh('operator', body.refreshToken, () => Promise.resolve(null));
  }

  /** Who is logged in, with the role's permissions: the console draws only what they may use. */
  @Get('me')
  @UseGuards(OperatorGuard)
  @Allow('self')
  me(@CurrentOperator() operator: AuthenticatedOperator): OperatorMe {
    const permissions = PERMISSIONS.filter((p) => p !== 'public' && mayUse(operator.role, p));
    return { id: operator.id, loginId: operator.loginId, role: operator.role, permissions };
  }

  @Post('logout')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  async logOut(@CurrentOperator() operator: AuthenticatedOperator) {
    await this.sessions.revoke('operator', operator.id, operator.sessionId, 'logout');
    return { message: '로그아웃되었습니다.' };
  }

  @Post('logout-all')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  async logOutEverywhere(@CurrentOperator() operator: AuthenticatedOperator) {
    const revoked = await this.sessions.revokeAll('operator', operator.id, 'logout-all');
    return { message: '모든 기기에서 로그아웃되었습니다.', revoked };
  }

  @Get('sessions')
  @Allow('self')
  @UseGuards(OperatorGuard)
  sessionList(@CurrentOperator() operator: AuthenticatedOperator) {
    return this.sessions.list('operator', operator.id, operator.sessionId);
  }

  @Delete('sessions/:id')
  @Allow('self')
  @UseGuards(OperatorGuard)
  async endSession(@CurrentOperator() operator: AuthenticatedOperator, @Param('id', IdPipe) id: number) {
    await this.sessions.revoke('operator', operator.id, id, 'revoked');
    return { message: '세션을 종료했습니다.' };
  }

  /** The login's code step (after a password answered `twoFactor: 'code'`). */
  @Post('totp/login')
  @Allow('public')
  @HttpCode(200)
  logInWithCode(@Body(new ZodPipe(secondFactorLoginSchema)) body: SecondFactorLogin, @Client() client: LoginContext) {
    return this.login.operatorCode(body, client);
  }

  /** The enrolment an OWNER or ACCOUNTANT without a factor is sent into at login: secret and QR, shown once. */
  @Post('totp/login/enrol')
  @Allow('public')
  @HttpCode(200)
  enrolAtLogin(@Body(new ZodPipe(secondFactorChallengeBodySchema)) body: SecondFactorChallengeBody) {
    return this.login.operatorEnrol(body.challengeToken);
  }

  /** The first code from the app: the factor is on, the console session opens, recovery codes shown once. */
  @Post('totp/login/confirm')
  @Allow('public')
  @HttpCode(200)
  confirmAtLogin(@Body(new ZodPipe(secondFactorLoginSchema)) body: SecondFactorLogin, @Client() client: LoginContext) {
    return this.login.operatorConfirm(body, client);
  }

  @Get('totp')
  @Allow('self')
  @UseGuards(OperatorGuard)
  secondFactor(@CurrentOperator() operator: AuthenticatedOperator) {
    return this.factors.status('operator', operator.id, secondFactorRequired(operator.role));
  }

  @Post('totp/enrol')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  enrol(@CurrentOperator() operator: AuthenticatedOperator) {
    return this.factors.begin('operator', operator.id, operator.loginId);
  }

  /** Turns the factor on; every session of the operator ends, this one too (log in again with a code). */
  @Post('totp/confirm')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  confirm(
    @CurrentOperator() operator: AuthenticatedOperator,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    return this.factors.confirm('operator', operator.id, operator.loginId, body.code, client.ip);
  }

  /** Ten new recovery codes for a current code from the app; the old ones stop working. */
  @Post('totp/recovery-codes')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  recoveryCodes(
    @CurrentOperator() operator: AuthenticatedOperator,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    return this.factors.renewRecoveryCodes(
      'operator',
      { id: operator.id, loginId: operator.loginId },
      body.code,
      client.ip,
    );
  }

  @Post('totp/disable')
  @Allow('self')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  disable(
    @CurrentOperator() operator: AuthenticatedOperator,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    if (secondFactorRequired(operator.role)) throw new DomainError('SECOND_FACTOR_REQUIRED_FOR_ROLE');
    return this.factors.disable('operator', operator.id, operator.loginId, body.code, client.ip);
  }
}
