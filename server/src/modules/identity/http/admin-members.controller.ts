import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Allow, idPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { ApprovalGate } from '../application/ports.js';
import { LoginThrottle } from '../application/login-throttle.js';
import { MembersAdminService } from '../application/members-admin.service.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';

const BAD_ID = '회원 번호가 올바르지 않습니다.';
const idParam = idPipe({ message: BAD_ID });

const MAX_ADJUST = 10n ** 12n;
const WHOLE_WON = '조정 금액(amount)은 원 단위 정수로 입력해 주세요.';
const TOO_LARGE = '조정 금액(amount)이 너무 큽니다.';
const REASON = '조정 사유(reason)를 입력해 주세요.';
const adjustSchema = z.object({
  amount: z
    .union(
      [
        z.number(WHOLE_WON).int(WHOLE_WON).refine(Number.isSafeInteger, TOO_LARGE),
        z.string(WHOLE_WON).regex(/^-?\d{1,13}$/, WHOLE_WON),
      ],
      { error: WHOLE_WON },
    )
    .transform((v) => BigInt(v))
    .refine((v) => v !== 0n, '조정 금액(amount)은 0일 수 없습니다.')
    .refine((v) => v < MAX_ADJUST && v > -MAX_ADJUST, TOO_LARGE),
  reason: z.string({ error: REASON }).trim().min(1, REASON).max(500, '조정 사유(reason)는 500자 이하로 입력해 주세요.'),
});

/** The console's `members` resource (ra-data-simple-rest) and its commands. */
@Controller('admin/members')
@UseGuards(OperatorGuard)
@Allow('members.read')
export class AdminMembersController {
  constructor(
    private readonly members: MembersAdminService,
    private readonly approvals: ApprovalGate,
  ) {}

  @Get()
  list(@Query() query: unknown) {
    return this.members.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.members.one(id);
  }

  @Post(':id/suspend')
  @Allow('members.manage')
  @HttpCode(200)
  suspend(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.members.suspend(id, operator);
  }

  @Post(':id/reinstate')
  @Allow('members.manage')
  @HttpCode(200)
  reinstate(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.members.reinstate(id, operator);
  }

  /**
   * 200 with the ledger entry; 202 with the request a second operator approves when it would take this operator's
   * or this member's unapproved adjustments and refunds of the last 24 hours past APPROVAL_THRESHOLD.
   */
  @Post(':id/adjust-points')
  @Allow('points.adjust')
  @HttpCode(200)
  async adjustPoints(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(adjustSchema)) body: z.infer<typeof adjustSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.members.assertAdjustable(id);
    const decided = await this.approvals.runOrHold(
      {
        kind: 'points.adjust',
        targetId: id,
        memberId: id,
        amount: body.amount,
        payload: { memberId: id, amount: String(body.amount), reason: body.reason },
        reason: body.reason,
      },
      operator,
      () => this.members.adjustPoints(id, body.amount, body.reason, operator),
    );
    if ('held' in decided) {
      void reply.status(202);
      return decided.held;
    }
    return decided.ran;
  }
}

/** The console's read-only `login-attempts` resource: members' and operators' logins, with the address and the result. */
@Controller('admin/login-attempts')
@UseGuards(OperatorGuard)
@Allow('audit')
export class AdminLoginAttemptsController {
  constructor(private readonly throttle: LoginThrottle) {}

  @Get()
  list(@Query() query: unknown) {
    return this.throttle.page(parseListQuery(query));
  }
}
