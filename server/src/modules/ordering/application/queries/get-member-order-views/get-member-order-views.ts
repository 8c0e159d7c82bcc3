import { Injectable } from '@nestjs/common';
import type { TicketOrderView } from '../../../../../contracts/index.js';
import { FindMemberRecords } from '../find-member-records/find-member-records.js';
import { MemberOrderActions } from '../member-order-actions.js';

/**
 * The member's orders among `ids` as the support desk shows them, each with what the member may do with it
 * (contracts' memberOrderActions); others' ids are absent.
 */
@Injectable()
export class GetMemberOrderViews {
  constructor(
    private readonly records: FindMemberRecords,
    private readonly actions: MemberOrderActions,
  ) {}

  async execute(memberId: number, ids: number[]): Promise<TicketOrderView<Date>[]> {
    const orders = await this.records.orders(memberId, ids);
    if (orders.length === 0) return [];
    const { services, actions } = await this.actions.of(orders);
    return orders.map((o) => ({
      id: o.id,
      status: o.status,
      service: services.get(o.serviceId)?.text ?? '',
      link: o.link,
      amount: o.amount,
      createdAt: o.createdAt,
      actions: actions.get(o.id)!,
    }));
  }
}
