import { Injectable } from '@nestjs/common';
import {
  memberUnitPrice,
  type OrderRequest,
  type ServiceType,
  type SubscriptionRequest,
} from '../../../contracts/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { CatalogFacade, type Service } from '../../catalog/index.js';
import { IdentityFacade } from '../../identity/index.js';
import {
  OrderingFacade,
  type AutoOrder,
  type Order,
  type OrderStatusView,
  type Placement,
  type PlacedSubscription,
  type Refill,
  type Subscription,
} from '../../ordering/index.js';
import { WalletFacade } from '../../wallet/index.js';

export interface ListedService {
  service: Service;
  /** The name of the service's category. */
  category: string;
  /** 평균 완료 시간 in minutes, null with too few completed orders. */
  averageTime: number | null;
  /** The member's unit price (custom rate > level discount > list price), exact decimal string. */
  point: string;
}

/**
 * What the reseller APIs (v1 and v2) do, as calls to the contexts that own the rules: identity for the
 * key, catalog for the services, ordering for orders (validation, cost, idempotency, state machine),
 * wallet for the balance. Every order read or change is scoped to the key's member.
 */
@Injectable()
export class ResellerApi {
  constructor(
    private readonly identity: IdentityFacade,
    private readonly catalog: CatalogFacade,
    private readonly ordering: OrderingFacade,
    private readonly wallet: WalletFacade,
    private readonly pricing: PricingFacade,
  ) {}

  /** The ordering context's refill request (its rules decide; a NotFoundError for an order not the member's). */
  refill(memberId: number, orderId: number): Promise<Refill> {
    return this.ordering.requestRefill(memberId, orderId);
  }

  /** The member's own refills by id. */
  refills(memberId: number, ids: number[]): Promise<Refill[]> {
    return this.ordering.refillsForMember(memberId, ids);
  }

  /** The active member owning this API key, or null (no key, a wrong one, a renewed one, a suspended member). */
  memberIdForKey(key: unknown): Promise<number | null> {
    return typeof key === 'string' ? this.identity.memberIdForApiKey(key) : Promise.resolve(null);
  }

  /** Services a customer can order (visible, not read-only), category by category in the storefront's order, at the member's prices. */
  async orderableServices(memberId: number): Promise<ListedService[]> {
    const [services, categories, pricing, minutes] = await Promise.all([
      this.catalog.listServices(),
      this.catalog.listCategories(),
      this.pricing.pricingOf(memberId),
      this.ordering.averageMinutesByService(),
    ]);
    const category = new Map(categories.map((c, rank) => [c.id, { rank, text: c.text }]));
    const rank = (s: Service) => category.get(s.categoryId)?.rank ?? 0;
    return services
      .filter((s) => !s.isReadOnly)
      .sort((a, b) => rank(a) - rank(b))
      .map((service) => ({
        service,
        category: category.get(service.categoryId)?.text ?? '',
        averageTime: minutes.get(service.id) ?? null,
        point: memberUnitPrice(service.point, service.id, pricing),
      }));
  }

  /** The type of a service (null when there is none): which fields an order of it takes. */
  async serviceType(serviceId: number | null): Promise<ServiceType | null> {
    return serviceId === null ? null : ((await this.catalog.getService(serviceId))?.type ?? null);
  }

  placeOrder(memberId: number, input: OrderRequest, idempotencyKey: string | undefined): Promise<Placement> {
    return this.ordering.placeOrder(memberId, input, idempotencyKey);
  }

  /** A subscription (자동 좋아요), paid up front; its id comes from the orders' sequence, so it is an order id too. */
  placeSubscription(memberId: number, input: SubscriptionRequest): Promise<PlacedSubscription> {
    return this.ordering.placeSubscription(memberId, input);
  }

  /** The member's own subscriptions among these ids, with their child order ids. */
  async subscriptions(memberId: number, ids: number[]): Promise<{ subscription: Subscription; orders: number[] }[]> {
    if (ids.length === 0) return [];
    const rows = await this.ordering.subscriptionsForMember(memberId, ids);
    const children = await this.ordering.subscriptionChildOrders(rows.map((r) => r.id));
    return rows.map((subscription) => ({ subscription, orders: children.get(subscription.id) ?? [] }));
  }

  /** The member's own order; another member's id is as absent as an unknown one. */
  order(memberId: number, orderId: number): Promise<Order | null> {
    return this.ordering.orderForMember(memberId, orderId);
  }

  /** What `status` answers of the member's own orders among these ids (read by the hundred, not hydrated). */
  orderStatuses(memberId: number, orderIds: number[]): Promise<OrderStatusView[]> {
    return this.ordering.orderStatusesForMember(memberId, orderIds);
  }

  /** The member's auto-order with its runs so far (a drip-feed's status covers all of them). */
  autoOrderWithRuns(memberId: number, autoOrderId: number): Promise<{ autoOrder: AutoOrder; runs: Order[] } | null> {
    return this.ordering.autoOrderWithRunsForMember(memberId, autoOrderId);
  }

  /** The ordering context's member cancel (its rules decide; a NotFoundError for an order not the member's). */
  cancel(memberId: number, orderId: number): Promise<Order> {
    return this.ordering.cancelOrder(memberId, orderId);
  }

  balance(memberId: number): Promise<bigint> {
    return this.wallet.balanceOf(memberId);
  }
}
