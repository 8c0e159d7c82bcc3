import { Body, Controller, Delete, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  changePasswordSchema,
  kakaoLoginSchema,
  loginSchema,
  naverLoginSchema,
  registerSchema,
  sendEmailSchema,
  sendPhoneSchema,
  socialRegisterSchema,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
  type SendEmailInput,
  type SendPhoneInput,
  type SocialRegisterInput,
} from '../../../contracts/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { AccountService } from '../application/account.service.js';
import { LoginService } from '../application/login.service.js';
import { ProfileService } from '../application/profile.service.js';
import { RegistrationService } from '../application/registration.service.js';
import { SocialLoginService } from '../application/social-login.service.js';
import { VerificationService } from '../application/verification.service.js';
import { CodeChannel } from '../domain/verification-code.entity.js';
import { SocialProvider } from '../domain/social-account.entity.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';

/** The member account calls of docs/product.md §7 under /api/auth. */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly profiles: ProfileService,
    private readonly registration: RegistrationService,
    private readonly verification: VerificationService,
    private readonly social: SocialLoginService,
    private readonly accounts: AccountService,
  ) {}

  @Post('login')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Ip() ip: string) {
    return this.login.member(body, ip);
  }

  @Post('login/naver')
  @HttpCode(200)
  logInWithNaver(@Body(new ZodPipe(naverLoginSchema)) body: { code: string }) {
    return this.social.loginWithNaver(body.code);
  }

  @Post('login/kakao')
  @HttpCode(200)
  logInWithKakao(@Body(new ZodPipe(kakaoLoginSchema)) body: { accessToken: string }) {
    return this.social.loginWithKakao(body.accessToken);
  }

  @Post('register')
  register(@Body(new ZodPipe(registerSchema)) body: RegisterInput) {
    return this.registration.register(body);
  }

  @Post('register/naver')
  registerWithNaver(@Body(new ZodPipe(socialRegisterSchema)) body: SocialRegisterInput) {
    return this.social.register(SocialProvider.NAVER, body);
  }

  @Post('register/kakao')
  registerWithKakao(@Body(new ZodPipe(socialRegisterSchema)) body: SocialRegisterInput) {
    return this.social.register(SocialProvider.KAKAO, body);
  }

  @Post('send-email')
  @HttpCode(200)
  sendEmailCode(@Body(new ZodPipe(sendEmailSchema)) body: SendEmailInput, @Ip() ip: string) {
    return this.verification.send(CodeChannel.EMAIL, body.email, ip);
  }

  @Post('send-phone-number')
  @HttpCode(200)
  sendPhoneCode(@Body(new ZodPipe(sendPhoneSchema)) body: SendPhoneInput, @Ip() ip: string) {
    return this.verification.send(CodeChannel.PHONE, body.phoneNumber, ip);
  }

  @Get('profile')
  @UseGuards(MemberGuard)
  profile(@CurrentMember() member: AuthenticatedMember) {
    return this.profiles.profile(member.id);
  }

  @Post('change-password')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  changePassword(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodPipe(changePasswordSchema)) body: ChangePasswordInput,
  ) {
    return this.accounts.changePassword(member.id, body);
  }

  @Post('api-key')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  renewApiKey(@CurrentMember() member: AuthenticatedMember) {
    return this.accounts.renewApiKey(member.id);
  }

  @Post('referral-code')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  issueReferralCode(@CurrentMember() member: AuthenticatedMember) {
    return this.accounts.issueReferralCode(member.id);
  }

  @Delete('account')
  @UseGuards(MemberGuard)
  withdraw(@CurrentMember() member: AuthenticatedMember) {
    return this.accounts.withdraw(member.id);
  }
}
