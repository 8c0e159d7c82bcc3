import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, JobEngine } from '../../../shared/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { SettingsService } from '../../settings/index.js';
import { SmmClient } from '../application/smm-client.js';
import { Provider } from '../domain/provider.entity.js';

/**
 * Asks every enabled provider for our balance there (action=balance) every 10 minutes (JOBS on) and
 * alerts operators when it is below ALERT_PROVIDER_BALANCE_MIN (unset or 0: off). One alert per
 * provider per day (its dedupe key), whichever replica finds it first. Tests call runOnce().
 */
@Injectable()
export class ProviderBalanceAlertJob {
  private readonly logger = new Logger('ProviderBalance');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly settings: SettingsService,
    private readonly alerts: AlertsFacade,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('provider-balance-alert', () => this.runOnce());
  }

  @Interval('provider-balance-alert', 10 * 60_000)
  tick(): Promise<void> {
    return this.jobs.tick('provider-balance-alert');
  }

  /** Answers the providers found below the minimum. */
  async runOnce(): Promise<number[]> {
    const min = Number(String(await this.settings.get('ALERT_PROVIDER_BALANCE_MIN')) || 0);
    if (!(min > 0)) return [];
    const low: number[] = [];
    for (const provider of await this.em.fork().find(Provider, { enabled: true }, { orderBy: { id: 'ASC' } })) {
      try {
        const { balance, currency } = await this.client.balance(provider);
        const amount = Number(balance);
        if (!Number.isFinite(amount) || amount >= min) continue;
        low.push(provider.id);
        const day = this.clock.now().toISOString().slice(0, 10);
        await this.alerts.raise(
          'PROVIDER_BALANCE',
          `공급사 ${provider.name}(#${provider.id}) 잔액 ${balance} ${currency}: 기준 ${min.toLocaleString('ko-KR')} 미만입니다. 충전해 주세요.`,
          `provider-balance:${provider.id}:${day}`,
        );
      } catch (error) {
        this.logger.warn(`provider ${provider.id}: balance not read: ${(error as Error).message}`);
      }
    }
    return low;
  }
}
