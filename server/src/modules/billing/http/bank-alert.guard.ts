import { createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../../config/index.js';
import { OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { BANK_ALERT, operatorSettler, type Settler } from '../application/settler.js';
import { DomainError } from '../../../shared/index.js';

export const BANK_ALERT_HEADER = 'x-bank-alert-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets in an operator's token, or a bank-alert integration presenting BANK_ALERT_KEY in the
 * `x-bank-alert-key` header. A request carrying the header is judged by the key alone: a wrong key,
 * or none configured, is a 401.
 */
@Injectable()
export class OperatorOrBankAlertGuard extends OperatorGuard {
  constructor(private readonly config: AppConfig) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { bankAlert?: boolean }>();
    const presented = request.headers[BANK_ALERT_HEADER];
    if (presented === undefined) return super.canActivate(context);
    const expected = this.config.env.BANK_ALERT_KEY;
    if (!expected || typeof presented !== 'string' || !timingSafeEqual(digest(presented), digest(expected))) {
      throw new DomainError('BANK_ALERT_KEY_INVALID');
    }
    request.bankAlert = true;
    return true;
  }
}

/** Who is recording: the operator behind the token, or the bank-alert integration. */
export const Recorder = createParamDecorator((_: unknown, context: ExecutionContext): Settler => {
  const request = context.switchToHttp().getRequest<{ bankAlert?: boolean; user?: AuthenticatedOperator }>();
  return request.bankAlert ? BANK_ALERT : operatorSettler(request.user!);
});
