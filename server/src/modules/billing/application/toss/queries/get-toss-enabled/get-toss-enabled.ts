import { Injectable } from '@nestjs/common';
import { SettingsService } from '../../../../../settings/index.js';
import { DomainError } from '../../../../../../shared/index.js';
import { TossClient } from '../../toss-client.js';

/** Whether the storefront offers paying online: ENABLE_TOSS_PAYMENT on and both keys set. */
@Injectable()
export class GetTossEnabled {
  constructor(
    private readonly settings: SettingsService,
    private readonly toss: TossClient,
  ) {}

  async execute(): Promise<boolean> {
    return this.toss.configured && (await this.settings.get('ENABLE_TOSS_PAYMENT')) === true;
  }

  /** The refusal of a checkout or confirm while paying online is off. */
  async assert(): Promise<void> {
    if (!(await this.execute())) throw new DomainError('TOSS_DISABLED');
  }
}
