import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { loginSchema, type LoginInput } from '../../../contracts/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { LoginService } from '../application/login.service.js';
import { ProfileService } from '../application/profile.service.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from './auth.guards.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly profiles: ProfileService,
  ) {}

  @Post('login')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput) {
    return this.login.member(body);
  }

  @Get('profile')
  @UseGuards(MemberGuard)
  profile(@CurrentMember() member: AuthenticatedMember) {
    return this.profiles.profile(member.id);
  }
}
