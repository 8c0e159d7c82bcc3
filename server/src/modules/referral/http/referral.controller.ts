import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { CurrentMember, MemberGuard, OperatorGuard, type AuthenticatedMember } from '../../auth/index.js';
import { Allow, IdPipe, parseListQuery } from '../../../shared/index.js';
import { ReferralFacade } from '../application/referral.facade.js';

/** The account page's referral block: code, members who joined with it, points earned. */
@Controller('service')
@UseGuards(MemberGuard)
export class ReferralController {
  constructor(private readonly referrals: ReferralFacade) {}

  @Get('referral')
  summary(@CurrentMember() member: AuthenticatedMember) {
    return this.referrals.summary(member.id);
  }
}

/** The console: every reward (filter referrerId / referredId / chargeId). */
@Controller('admin/referrals')
@UseGuards(OperatorGuard)
@Allow('members.read')
export class AdminReferralsController {
  constructor(private readonly referrals: ReferralFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.referrals.page(parseListQuery(query));
  }

  /** One member's figures for the console's member page: joined with their code, rewards, points earned, unrecovered. */
  @Get('members/:id')
  async member(@Param('id', IdPipe) id: number) {
    const figures = (await this.referrals.perMember([id])).get(id)!;
    return {
      id,
      joined: figures.joined,
      rewards: figures.rewards,
      earned: Number(figures.earned),
      unrecovered: Number(figures.unrecovered),
    };
  }

  @Get('totals')
  async totals() {
    const t = await this.referrals.totals();
    return { ...t, rewardedPoints: Number(t.rewardedPoints), unrecoveredPoints: Number(t.unrecoveredPoints) };
  }
}
