import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { parseListQuery, ZodPipe } from '../../../shared/index.js';
import { LoginThrottle } from '../application/login-throttle.js';
import { Messenger } from '../application/messenger.js';
import { MembersAdminService } from '../application/members-admin.service.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from './auth.guards.js';

const idParam = new ZodPipe(z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2 ** 31 - 1, 'id is too large'));

const MAX_ADJUST = 10n ** 12n;
const WHOLE_WON = 'amount must be a whole number of won';
const adjustSchema = z.object({
  amount: z
    .union([z.number(WHOLE_WON).int(WHOLE_WON).refine(Number.isSafeInteger, 'amount is too large'), z.string(WHOLE_WON).regex(/^-?\d{1,13}$/, WHOLE_WON)], { error: WHOLE_WON })
    .transform((v) => BigInt(v))
    .refine((v) => v !== 0n, 'amount must not be zero')
    .refine((v) => v < MAX_ADJUST && v > -MAX_ADJUST, 'amount is too large'),
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(500, 'reason is at most 500 characters'),
});

/** The console's `members` resource (ra-data-simple-rest) and its commands. */
@Controller('admin/members')
@UseGuards(OperatorGuard)
export class AdminMembersController {
  constructor(private readonly members: MembersAdminService) {}

  @Get()
  list(@Query() query: unknown) {
    return this.members.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.members.one(id);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  suspend(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.members.suspend(id, operator);
  }

  @Post(':id/reinstate')
  @HttpCode(200)
  reinstate(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.members.reinstate(id, operator);
  }

  @Post(':id/adjust-points')
  @HttpCode(200)
  adjustPoints(@Param('id', idParam) id: number, @Body(new ZodPipe(adjustSchema)) body: z.infer<typeof adjustSchema>, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.members.adjustPoints(id, body.amount, body.reason, operator);
  }
}

/** The console's read-only `outbox` resource: every mail and SMS, delivered or not. */
@Controller('admin/outbox')
@UseGuards(OperatorGuard)
export class AdminOutboxController {
  constructor(private readonly messenger: Messenger) {}

  @Get()
  list(@Query() query: unknown) {
    return this.messenger.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.messenger.one(id);
  }
}

/** The console's read-only `login-attempts` resource: members' and operators' logins, with the address and the result. */
@Controller('admin/login-attempts')
@UseGuards(OperatorGuard)
export class AdminLoginAttemptsController {
  constructor(private readonly throttle: LoginThrottle) {}

  @Get()
  list(@Query() query: unknown) {
    return this.throttle.page(parseListQuery(query));
  }
}
