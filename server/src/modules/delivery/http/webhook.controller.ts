import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  noticePrefsSchema,
  webhookUrlSchema,
  WEBHOOK_MESSAGES,
  type NoticePrefsInput,
  type WebhookUrlInput,
} from '../../../contracts/index.js';
import { DomainError, idPipe, publicUrlProblem, ZodPipe } from '../../../shared/index.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { AppConfig } from '../../../config/index.js';
import { DeliveryFacade } from '../application/delivery.facade.js';
import { newWebhookSecret, webhookPortAllowed } from '../application/channels.js';

const deliveryId = idPipe({ message: WEBHOOK_MESSAGES.notFound });

/** A reseller's webhook on the account page's API section, and the member's notice channels. */
@Controller('auth')
@UseGuards(MemberGuard)
export class WebhookController {
  constructor(
    private readonly delivery: DeliveryFacade,
    private readonly config: AppConfig,
  ) {}

  @Get('webhook')
  get(@CurrentMember() member: AuthenticatedMember) {
    return this.delivery.webhookOf(member.id);
  }

  @Put('webhook')
  set(@CurrentMember() member: AuthenticatedMember, @Body(new ZodPipe(webhookUrlSchema)) body: WebhookUrlInput) {
    return this.delivery.setWebhook(member.id, body.url, (url) => this.assertPublic(url), newWebhookSecret);
  }

  @Delete('webhook')
  @HttpCode(204)
  async remove(@CurrentMember() member: AuthenticatedMember) {
    await this.delivery.removeWebhook(member.id);
  }

  @Post('webhook/rotate')
  @HttpCode(200)
  rotate(@CurrentMember() member: AuthenticatedMember) {
    return this.delivery.rotateSecret(member.id, newWebhookSecret);
  }

  @Post('webhook/test')
  @HttpCode(200)
  test(@CurrentMember() member: AuthenticatedMember) {
    return this.delivery.sendTest(member.id);
  }

  @Get('webhook/deliveries')
  deliveries(@CurrentMember() member: AuthenticatedMember) {
    return this.delivery.memberDeliveries(member.id);
  }

  @Post('webhook/deliveries/:id/replay')
  @HttpCode(200)
  replay(@CurrentMember() member: AuthenticatedMember, @Param('id', deliveryId) id: number) {
    return this.delivery.replayForMember(member.id, id);
  }

  @Get('notices')
  notices(@CurrentMember() member: AuthenticatedMember) {
    return this.delivery.noticePrefs(member.id);
  }

  @Put('notices')
  setNotices(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodPipe(noticePrefsSchema)) body: NoticePrefsInput,
  ) {
    return this.delivery.setNoticePrefs(member.id, body.prefs);
  }

  /** Ports 80/443/8080/8443 only; the provider URLs' rule: internal addresses only with ALLOW_PRIVATE_PROVIDER_URLS. */
  private async assertPublic(url: string): Promise<void> {
    const allowPrivate = this.config.env.ALLOW_PRIVATE_PROVIDER_URLS;
    if (!webhookPortAllowed(url, allowPrivate)) throw new DomainError('WEBHOOK_PORT_NOT_ALLOWED');
    if (allowPrivate) return;
    const problem = await publicUrlProblem(url);
    if (problem === 'private') throw new DomainError('WEBHOOK_PRIVATE_ADDRESS');
    if (problem === 'unresolved') throw new DomainError('WEBHOOK_HOST_UNRESOLVED');
  }
}
