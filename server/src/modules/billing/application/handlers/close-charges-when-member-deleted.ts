import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../../../shared/index.js';
import { MemberDeleted } from '../../../identity/index.js';
import { BillingFacade } from '../billing.facade.js';

/** A deleted member's waiting charges close in the withdrawal's transaction. */
@Injectable()
export class CloseChargesWhenMemberDeleted {
  private readonly logger = new Logger(CloseChargesWhenMemberDeleted.name);

  constructor(private readonly billing: BillingFacade) {}

  @OnDomainEvent(MemberDeleted.key)
  async handle({ tx, memberId }: MemberDeleted): Promise<void> {
    const charges = await this.billing.closeMemberCharges(tx, memberId);
    this.logger.log(`member ${memberId} deleted: charges closed [${charges.join(',')}]`);
  }
}
