import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  loginSchema,
  mayUse,
  PERMISSIONS,
  refreshSchema,
  type LoginInput,
  type OperatorMe,
  type RefreshInput,
} from '../../../contracts/index.js';
import { Allow, IdPipe, ZodPipe } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { LoginService } from '../application/login.service.js';
import { SessionService, type LoginContext } from '../application/sessions.js';
import { Client } from './login-context.js';

/** The operator's own login, sessions and logout under /api/admin/auth. */
@Controller('admin/auth')
export class AdminAuthController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
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
}
