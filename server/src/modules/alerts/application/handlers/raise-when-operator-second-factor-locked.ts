import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../../../shared/index.js';
import { OperatorSecondFactorLocked } from '../../../identity/index.js';
import { AlertsFacade } from '../alerts.facade.js';

/** An operator's locked code step becomes a LOGIN_SECURITY alert (Telegram and OPERATOR_EMAIL). */
@Injectable()
export class RaiseWhenOperatorSecondFactorLocked {
  constructor(private readonly alerts: AlertsFacade) {}

  @OnDomainEvent(OperatorSecondFactorLocked.key)
  handle({ text, dedupeKey }: OperatorSecondFactorLocked): Promise<void> {
    return this.alerts.raise('LOGIN_SECURITY', text, dedupeKey);
  }
}
