import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../../../shared/index.js';
import { MemberDeleted } from '../../../identity/index.js';
import { OrderCommands } from '../order-commands.service.js';

/** A deleted member's open orders and auto-orders end with their refunds, in the withdrawal's transaction. */
@Injectable()
export class CancelOrdersWhenMemberDeleted {
  private readonly logger = new Logger(CancelOrdersWhenMemberDeleted.name);

  constructor(private readonly commands: OrderCommands) {}

  @OnDomainEvent(MemberDeleted.key)
  async handle({ tx, memberId }: MemberDeleted): Promise<void> {
    const { orders, autoOrders } = await this.commands.closeForDeletedMember(tx, memberId);
    this.logger.log(
      `member ${memberId} deleted: orders canceled [${orders.join(',')}], auto-orders canceled [${autoOrders.join(',')}]`,
    );
  }
}
