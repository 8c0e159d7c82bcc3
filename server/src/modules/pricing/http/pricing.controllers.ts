import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { memberRateInputSchema, type MemberPricingView, type MemberRateInput } from '../../../contracts/index.js';
import { adminCrudController, Allow, idPipe, ZodPipe } from '../../../shared/index.js';
import {
  CurrentMember,
  CurrentOperator,
  MemberGuard,
  OperatorGuard,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { MEMBER_LEVELS } from '../application/level-resource.js';
import { PricingFacade } from '../application/pricing.facade.js';

const memberId = idPipe({ message: '회원을 찾을 수 없습니다.', status: 404 });
const serviceId = idPipe({ message: '상품을 찾을 수 없습니다.', status: 404 });

const setLevelSchema = z.object({
  levelId: z.union([z.coerce.number().int().min(1).max(2_147_483_647), z.null()], {
    error: '등급을 선택해 주세요.',
  }),
});

/** /api/admin/member-levels (ra-data-simple-rest, operators only). */
export const MemberLevelsController = adminCrudController(MEMBER_LEVELS, {
  guard: OperatorGuard,
  actor: CurrentOperator,
  permission: 'members.manage',
});

/** A member's custom rates and level, on the member's console page. */
@Controller('admin/members/:id')
@UseGuards(OperatorGuard)
@Allow('members.read')
export class MemberPricingAdminController {
  constructor(private readonly pricing: PricingFacade) {}

  @Get('rates')
  rates(@Param('id', memberId) id: number) {
    return this.pricing.rates(id);
  }

  @Put('rates')
  @Allow('members.manage')
  setRate(
    @Param('id', memberId) id: number,
    @Body(new ZodPipe(memberRateInputSchema)) body: MemberRateInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.pricing.setRate(id, body, operator);
  }

  @Delete('rates/:serviceId')
  @Allow('members.manage')
  deleteRate(
    @Param('id', memberId) id: number,
    @Param('serviceId', serviceId) service: number,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.pricing.deleteRate(id, service, operator);
  }

  @Get('level')
  level(@Param('id', memberId) id: number) {
    return this.pricing.levelOf(id);
  }

  @Put('level')
  @Allow('members.manage')
  setLevel(
    @Param('id', memberId) id: number,
    @Body(new ZodPipe(setLevelSchema)) body: { levelId: number | null },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.pricing.setLevel(id, body.levelId, operator);
  }
}

/** The storefront's own prices: the member's discount and custom rates, applied with `memberUnitPrice`. */
@Controller('service')
export class MemberPricesController {
  constructor(private readonly pricing: PricingFacade) {}

  @Get('prices')
  @UseGuards(MemberGuard)
  async prices(@CurrentMember() member: AuthenticatedMember): Promise<MemberPricingView> {
    const [pricing, level] = await Promise.all([this.pricing.pricingOf(member.id), this.pricing.levelOf(member.id)]);
    return { ...pricing, discountPercent: level.discountPercent, levelName: level.name };
  }
}
