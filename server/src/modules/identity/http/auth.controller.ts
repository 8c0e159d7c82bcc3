import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import {
  changePasswordSchema,
  kakaoLoginSchema,
  loginSchema,
  naverLoginSchema,
  refreshSchema,
  registerSchema,
  secondFactorCodeBodySchema,
  secondFactorLoginSchema,
  sendEmailSchema,
  sendPhoneSchema,
  socialRegisterSchema,
  type ChangePasswordInput,
  type LoginInput,
  type RefreshInput,
  type RegisterInput,
  type SecondFactorCodeBody,
  type SecondFactorLogin,
  type SendEmailInput,
  type SendPhoneInput,
  type SocialRegisterInput,
} from '../../../contracts/index.js';
import { IdPipe, ZodPipe } from '../../../shared/index.js';
import { AccountService } from '../application/account.service.js';
import { SessionsAdapter } from '../application/sessions-adapter.js';
import { SecondFactorService } from '../application/second-factor.service.js';
import { Sessions, type LoginContext } from '../application/sessions.js';
import { Client } from './login-context.js';
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
    private readonly sessions: Sessions,
    private readonly directory: SessionsAdapter,
    private readonly factors: SecondFactorService,
  ) {}

  @Post('login')
  @HttpCode(200)
  logIn(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Client() client: LoginContext) {
    return this.login.member(body, client);
  }

  /** The code step after a password (or social) login answered `twoFactor: 'code'`. */
  @Post('totp/login')
  @HttpCode(200)
  logInWithCode(@Body(new ZodPipe(secondFactorLoginSchema)) body: SecondFactorLogin, @Client() client: LoginContext) {
    return this.login.memberCode(body, client);
  }

  /** The member's optional second factor: status, enrolment (secret and QR shown once), confirm, disable. */
  @Get('totp')
  @UseGuards(MemberGuard)
  secondFactor(@CurrentMember() member: AuthenticatedMember) {
    return this.factors.status('member', member.id, false);
  }

  @Post('totp/enrol')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  enrol(@CurrentMember() member: AuthenticatedMember) {
    return this.factors.begin('member', member.id, member.loginId);
  }

  /** Turns the factor on; every session of the member ends, this one too. */
  @Post('totp/confirm')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  confirm(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    return this.factors.confirm('member', member.id, member.loginId, body.code, client.ip);
  }

  /** Ten new recovery codes for a current code from the app; the old ones stop working. */
  @Post('totp/recovery-codes')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  recoveryCodes(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    return this.factors.renewRecoveryCodes('member', { id: member.id, loginId: member.loginId }, body.code, client.ip);
  }

  @Post('totp/disable')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  disable(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodPipe(secondFactorCodeBodySchema)) body: SecondFactorCodeBody,
    @Client() client: LoginContext,
  ) {
    return this.factors.disable('member', member.id, member.loginId, body.code, client.ip);
  }

  /** The next token pair; the refresh token is single-use (a reused one revokes its session). */
  @Post('refresh')
  @HttpCode(200)
  refresh(@Body(new ZodPipe(refreshSchema)) body: RefreshInput) {
    return this.sessions.refresh('member', body.refreshToken, (id) => this.directory.memberVersion(id));
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async logOut(@CurrentMember() member: AuthenticatedMember) {
    await this.sessions.revoke('member', member.id, member.sessionId, 'logout');
    return { message: '로그아웃되었습니다.' };
  }

  @Post('logout-all')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async logOutEverywhere(@CurrentMember() member: AuthenticatedMember) {
    const revoked = await this.sessions.revokeAll('member', member.id, 'logout-all');
    return { message: '모든 기기에서 로그아웃되었습니다.', revoked };
  }

  @Get('sessions')
  @UseGuards(MemberGuard)
  sessionList(@CurrentMember() member: AuthenticatedMember) {
    return this.sessions.list('member', member.id, member.sessionId);
  }

  @Delete('sessions/:id')
  @UseGuards(MemberGuard)
  async endSession(@CurrentMember() member: AuthenticatedMember, @Param('id', IdPipe) id: number) {
    await this.sessions.revoke('member', member.id, id, 'revoked');
    return { message: '세션을 종료했습니다.' };
  }

  @Post('login/naver')
  @HttpCode(200)
  logInWithNaver(@Body(new ZodPipe(naverLoginSchema)) body: { code: string }, @Client() client: LoginContext) {
    return this.social.loginWithNaver(body.code, client);
  }

  @Post('login/kakao')
  @HttpCode(200)
  logInWithKakao(@Body(new ZodPipe(kakaoLoginSchema)) body: { accessToken: string }, @Client() client: LoginContext) {
    return this.social.loginWithKakao(body.accessToken, client);
  }

  @Post('register')
  register(@Body(new ZodPipe(registerSchema)) body: RegisterInput, @Ip() ip: string) {
    return this.registration.register(body, ip);
  }

  @Post('register/naver')
  registerWithNaver(@Body(new ZodPipe(socialRegisterSchema)) body: SocialRegisterInput, @Ip() ip: string) {
    return this.social.register(SocialProvider.NAVER, body, ip);
  }

  @Post('register/kakao')
  registerWithKakao(@Body(new ZodPipe(socialRegisterSchema)) body: SocialRegisterInput, @Ip() ip: string) {
    return this.social.register(SocialProvider.KAKAO, body, ip);
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
    @Ip() ip: string,
  ) {
    return this.accounts.changePassword(member.id, member.loginId, body, ip);
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
