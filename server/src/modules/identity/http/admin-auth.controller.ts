import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { loginSchema, PERMISSIONS, mayUse, type LoginInput, type OperatorMe } from '../../../contracts/index.js';
import { Allow, ZodPipe } from '../../../shared/index.js';
import { LoginService } from '../application/login.service.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from './auth.guards.js';

@Controller('admin/auth')
export class AdminAuthController {
  constructor(private readonly login: LoginService) {}

  @Post('login')
  @Allow('public')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Ip() ip: string) {
    return this.login.operator(body, ip);
  }

  /** Who is logged in, with the role's permissions: the console draws only what they may use. */
  @Get('me')
  @UseGuards(OperatorGuard)
  @Allow('self')
  me(@CurrentOperator() operator: AuthenticatedOperator): OperatorMe {
    const permissions = PERMISSIONS.filter((p) => p !== 'public' && mayUse(operator.role, p));
    return { id: operator.id, loginId: operator.loginId, role: operator.role, permissions };
  }
}
