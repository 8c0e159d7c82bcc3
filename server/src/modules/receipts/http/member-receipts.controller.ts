import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { IdPipe, ZodPipe } from '../../../shared/index.js';
import { receiptFixSchema } from '../../../contracts/receipts.js';
import { memberReceiptView, ReceiptDesk } from '../application/receipt-desk.js';

/** The member's 현금영수증 and 세금계산서: their status and link, and a fix before issue. */
@Controller('service/receipts')
@UseGuards(MemberGuard)
export class MemberReceiptsController {
  constructor(private readonly desk: ReceiptDesk) {}

  @Get()
  async list(@CurrentMember() member: AuthenticatedMember) {
    return (await this.desk.listForMember(member.id)).map(memberReceiptView);
  }

  @Put(':id')
  async fix(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(receiptFixSchema)) body: { feeValue: unknown },
    @CurrentMember() member: AuthenticatedMember,
  ) {
    return memberReceiptView(await this.desk.fixForMember(member.id, id, body.feeValue));
  }
}
