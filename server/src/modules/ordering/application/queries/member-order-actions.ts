import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { memberOrderActions, type OrderActions } from '../../../../contracts/index.js';
import { CatalogFacade } from '../../../catalog/index.js';
import { Clock } from '../../../../shared/index.js';
import { memberOrderFacts } from '../member-order-facts.js';
import { Refills } from '../refills.service.js';
import { DispatchCommandSender } from '../upstream-dispatch.port.js';
import { OrderStatus, type Order } from '../../domain/order.entity.js';
import type { Refill } from '../../domain/refill.entity.js';

type ServiceOf = Awaited<ReturnType<CatalogFacade['servicesByIds']>>;

/** What a member's order lists show beside each order: its service, its latest refill and what the member may do. */
export interface MemberOrderContext {
  services: ServiceOf;
  refills: Map<number, Refill>;
  actions: Map<number, OrderActions>;
}

/** Reads, for a member's orders, the facts of contracts' memberOrderActions and answers each order's actions. */
@Injectable()
export class MemberOrderActions {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
    private readonly dispatch: DispatchCommandSender,
    private readonly refillsOf: Refills,
  ) {}

  async of(orders: Order[]): Promise<MemberOrderContext> {
    const [services, refills, held, cooldown] = await Promise.all([
      this.catalog.servicesByIds(orders.map((o) => o.serviceId)),
      this.refillsOf.latestOf(orders.map((o) => o.id)),
      this.dispatch.heldAmong(
        this.em.fork(),
        orders.filter((o) => o.status === OrderStatus.PENDING && o.upstream).map((o) => o.id),
      ),
      this.refillsOf.cooldownHours(),
    ]);
    const context = { now: this.clock.now(), refillCooldownHours: cooldown };
    const actionsOf = (o: Order) =>
      memberOrderActions(memberOrderFacts(o, services.get(o.serviceId), refills.get(o.id), held.has(o.id)), context);
    return { services, refills, actions: new Map(orders.map((o) => [o.id, actionsOf(o)])) };
  }
}
