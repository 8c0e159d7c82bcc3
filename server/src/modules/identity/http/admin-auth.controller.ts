import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { loginSchema, type LoginInput } from '../../../contracts/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { LoginService } from '../application/login.service.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';

@Controller('admin/auth')
export class AdminAuthController {
  constructor(private readonly login: LoginService) {}

  @Post('login')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Ip() ip: string) {
    return this.login.operator(body, ip);
  }

  @Get('me')
  @UseGuards(OperatorGuard)
  me(@CurrentOperator() operator: AuthenticatedOperator) {
    return { id: operator.id, loginId: operator.loginId };
  }
}
