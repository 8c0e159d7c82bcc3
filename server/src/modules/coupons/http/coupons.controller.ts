import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  couponBatchSchema,
  couponQuoteSchema,
  couponRedeemSchema,
  type CouponQuoteInput,
  type CouponRedeemInput,
} from '../../../contracts/index.js';
import {
  CurrentMember,
  CurrentOperator,
  MemberGuard,
  OperatorGuard,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Allow, IdPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { CouponsFacade } from '../application/coupons.facade.js';

/** A member's codes: points on the account page, a quote on the order form (the order itself takes `couponCode`). */
@Controller('service/coupons')
@UseGuards(MemberGuard)
export class MemberCouponsController {
  constructor(private readonly coupons: CouponsFacade) {}

  @Post('redeem')
  @HttpCode(200)
  redeem(@Body(new ZodPipe(couponRedeemSchema)) body: CouponRedeemInput, @CurrentMember() member: AuthenticatedMember) {
    return this.coupons.redeem(member.id, body.code);
  }

  @Post('quote')
  @HttpCode(200)
  quote(@Body(new ZodPipe(couponQuoteSchema)) body: CouponQuoteInput, @CurrentMember() member: AuthenticatedMember) {
    return this.coupons.quote(member.id, body);
  }
}

/** /api/admin/coupons (ra-data-simple-rest: list, show, create, update) and its batches of single-use codes. */
@Controller('admin/coupons')
@UseGuards(OperatorGuard)
@Allow('points.adjust')
export class AdminCouponsController {
  constructor(private readonly coupons: CouponsFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.coupons.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', IdPipe) id: number) {
    return this.coupons.getOne(id);
  }

  @Post()
  create(@Body() body: unknown, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.coupons.create(body, operator);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.coupons.update(id, body, operator);
  }

  /** A command, answered 200 as every `POST /api/admin/<resource>/:id/<verb>` is. */
  @Post(':id/codes')
  @HttpCode(200)
  addCodes(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(couponBatchSchema)) body: { count: number },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.coupons.addCodes(id, body.count, operator);
  }
}

/** Each coupon's uses (member, order, won) for its show page: /api/admin/coupon-uses?filter={"couponId":1}. */
@Controller('admin/coupon-uses')
@UseGuards(OperatorGuard)
@Allow('points.adjust')
export class AdminCouponUsesController {
  constructor(private readonly coupons: CouponsFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.coupons.usesPage(parseListQuery(query));
  }
}

/** A coupon's codes and whether each was used: /api/admin/coupon-codes?filter={"couponId":1}. */
@Controller('admin/coupon-codes')
@UseGuards(OperatorGuard)
@Allow('points.adjust')
export class AdminCouponCodesController {
  constructor(private readonly coupons: CouponsFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.coupons.codesPage(parseListQuery(query));
  }
}
