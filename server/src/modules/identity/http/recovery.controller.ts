import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import {
  findAccountSchema,
  resetPasswordSchema,
  type FindAccountInput,
  type ResetPasswordInput,
} from '../../../contracts/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { RecoveryService } from '../application/recovery.service.js';

/** docs/product.md §7: find id, find password, reset password under /api/service. */
@Controller('service')
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @Post('find-id')
  @HttpCode(200)
  findId(@Body(new ZodPipe(findAccountSchema)) body: FindAccountInput, @Ip() ip: string) {
    return this.recovery.findId(body.email, ip);
  }

  @Post('find-password')
  @HttpCode(200)
  findPassword(@Body(new ZodPipe(findAccountSchema)) body: FindAccountInput, @Ip() ip: string) {
    return this.recovery.findPassword(body.email, ip);
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodPipe(resetPasswordSchema)) body: ResetPasswordInput) {
    return this.recovery.resetPassword(body);
  }
}
