import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { chargeRequestSchema, type ChargeRequest } from '../../../contracts/charge.js';
import { ChargeRequests } from '../application/charge-requests.js';

/** docs/product.md §7: `POST /service/point` and `GET /service/point-history`. */
@Controller('service')
@UseGuards(MemberGuard)
export class ChargeController {
  constructor(private readonly charges: ChargeRequests) {}

  @Post('point')
  request(@Body(new ZodPipe(chargeRequestSchema)) body: ChargeRequest, @CurrentMember() member: AuthenticatedMember) {
    return this.charges.request(member.id, body);
  }

  @Get('point-history')
  history(@CurrentMember() member: AuthenticatedMember) {
    return this.charges.history(member.id);
  }
}
