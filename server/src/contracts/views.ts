/**
 * What the storefront reads from the server, one definition for both sides. The type parameters say how
 * times and money travel: on the wire (the defaults) a time is ISO text and money a JSON number; the
 * server fills the same shapes with Date and bigint, which JSON writes as those (shared/json-bigint.ts).
 */
import type { CashReceipt, FeeType, TaxInvoice } from './charge.js';
import type { OrderActions } from './order-actions.js';
import type { ServiceType } from './service-types.js';
import type {
  AutoOrderStatus,
  ChargeStatus,
  LedgerKind,
  MemberStatus,
  OrderStatus,
  PriceChangeKind,
  PriceChangeStatus,
  RefillStatus,
  SubscriptionStatus,
} from './statuses.js';
import type { PriceRule } from './catalog.js';
import type { ProfitReport } from './reports.js';
import type { TossMethod, TossVirtualAccount } from './toss.js';

/** An order's latest refill request, shown next to it in the history. */
export interface RefillSummary<Time = string> {
  id: number;
  status: RefillStatus;
  reason: string | null;
  createdAt: Time;
}

/** A row of `GET /api/service/order-history` (docs/product.md §2 order history columns). */
export interface OrderHistoryRow<Time = string, Won = number> {
  id: number;
  createdAt: Time;
  serviceId: number;
  /** The service's name. */
  service: string;
  link: string;
  point: Won;
  amount: number;
  status: OrderStatus;
  startCount: number | null;
  remains: number | null;
  runs: number;
  completed: number;
  interval: number;
  /** The service's type when ordered, and a Custom Comments order's comments (one per line; null otherwise). */
  serviceType: string;
  comments: string | null;
  /** Whether the refill button applies: a refill service's COMPLETED/PARTIAL order within its refill days. */
  refillable: boolean;
  refill: RefillSummary<Time> | null;
  /** A member's cancel of the running order is with the provider (취소 요청됨); the provider's last refusal, if any. */
  cancelRequested: boolean;
  cancelRefusal: string | null;
  /** The member's cancel button applies: PENDING, or running upstream on a service that takes cancels. */
  cancelable: boolean;
  /** What the member may do with it and why not (contracts/order-actions.ts); refillable/cancelable are its `allowed`. */
  actions: OrderActions;
}

/** A row of `GET /api/service/auto-order-history`: point is the final amount used, totalAmount = amount × runs. */
export interface AutoOrderHistoryRow<Time = string, Won = number> {
  id: number;
  createdAt: Time;
  link: string;
  point: Won;
  amount: number;
  serviceId: number;
  service: string;
  /** Runs started so far. */
  completed: number;
  runs: number;
  /** Minutes between runs. */
  interval: number;
  totalAmount: number;
  status: AutoOrderStatus;
}

/** A row of `GET /api/service/subscriptions` (and the answer to a cancel). */
export interface SubscriptionView<Time = string, Won = number> {
  id: number;
  serviceId: number;
  username: string;
  min: number;
  max: number;
  posts: number;
  postsUsed: number;
  delay: number;
  /** YYYY-MM-DD (UTC) or null: no expiry. */
  expiry: string | null;
  point: Won;
  used: Won;
  refunded: Won;
  /** Open-ended (posts = 0): what its posts' orders were debited as they were placed. */
  debited: Won;
  /** Why it is paused on our side (a new post its member could not pay), in Korean; null otherwise. */
  pauseReason: string | null;
  status: SubscriptionStatus;
  statusLabel: string;
  /** The child orders placed for the posts so far. */
  orders: number[];
  /** A member's cancel is with the provider (nothing refunded until it ends there). */
  cancelRequested: boolean;
  /** The provider's reason when it refused the last cancel. */
  cancelRefusal: string | null;
  createdAt: Time;
  updatedAt: Time;
}

/** One of `GET /api/service/services` (docs/product.md §3 Service): point is the unit price in won (may have fractions). */
export interface ServiceView {
  id: number;
  text: string;
  point: number;
  min: number;
  max: number;
  notice: string;
  categoryId: number;
  isReadOnly: boolean;
  enableAuto: boolean;
  /** SMM API v2 type: what the order form asks (a quantity, the comments, nothing for a package). */
  type: ServiceType;
  refill: boolean;
  refillDays: number;
  cancel: boolean;
  /** 평균 완료 시간 in minutes (contracts/service-speed.ts), null while there are too few completed orders. */
  averageTime: number | null;
}

/** One of `GET /api/service/categorys` (spelled so): platform is a platform id. */
export interface CategoryView {
  id: number;
  text: string;
  platform: string;
}

/** One of `GET /api/service/platforms`. */
export interface PlatformView {
  id: string;
  text: string;
  visible: boolean;
  bgColor: string | null;
}

/*
 * What the operator console reads (GET /api/admin/<resource> and /:id): the admin controllers map their
 * entities to these, and the console reads records as them (useRecordContext<AdminOrderView>()).
 */

/** A row of the console's `orders`. */
export interface AdminOrderView<Time = string, Won = number> {
  id: number;
  memberId: number;
  serviceId: number;
  link: string;
  amount: number;
  point: Won;
  refunded: Won;
  status: OrderStatus;
  startCount: number | null;
  remains: number | null;
  autoOrderId: number | null;
  runs: number;
  interval: number;
  runNumber: number | null;
  serviceType: ServiceType;
  comments: string | null;
  cancelRequestedAt: Time | null;
  cancelForwardedAt: Time | null;
  cancelRefusal: string | null;
  providerId: number | null;
  providerServiceId: string | null;
  /** What the order cost upstream in won (exact decimal text), or null while unknown. */
  cost: string | null;
  createdAt: Time;
  updatedAt: Time;
}

/** A row of the console's `point-debts` (미회수 포인트): what a partner took back that the balance could not cover. */
export interface AdminPointDebtView<Time = string, Won = number> {
  id: number;
  memberId: number;
  amount: Won;
  collected: Won;
  writtenOff: Won;
  outstanding: Won;
  referenceType: string;
  referenceId: string;
  memo: string | null;
  createdAt: Time;
  closedAt: Time | null;
  closedReason: string | null;
}

/** A row of the console's `auto-orders`. */
export interface AdminAutoOrderView<Time = string, Won = number> {
  id: number;
  memberId: number;
  serviceId: number;
  link: string;
  amount: number;
  runs: number;
  interval: number;
  completed: number;
  point: Won;
  refunded: Won;
  status: AutoOrderStatus;
  nextRunAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
}

/** A row of the console's `charges` (never the depositor key or the Toss secret). */
export interface AdminChargeView<Time = string, Won = number> {
  id: number;
  memberId: number;
  depositorName: string;
  point: Won;
  depositAmount: Won;
  feeType: FeeType;
  feeValue: TaxInvoice | CashReceipt | null;
  status: ChargeStatus;
  createdAt: Time;
  expiresAt: Time;
  responseAt: Time | null;
  resolvedBy: string | null;
  depositId: number | null;
  method: 'BANK_TRANSFER' | 'TOSS';
  tossMethod: TossMethod | null;
  tossPaymentKey: string | null;
  tossStatus: string | null;
  virtualAccount: TossVirtualAccount | null;
  refundedPoint: Won;
  refundedAmount: Won;
  nextCheckAt: Time | null;
  tossFailure: string | null;
}

/** A row of the console's `ledger-entries`. */
export interface AdminLedgerEntryView<Time = string, Won = number> {
  id: number;
  memberId: number;
  amount: Won;
  balanceAfter: Won;
  kind: LedgerKind;
  referenceType: string;
  referenceId: string;
  memo: string | null;
  createdAt: Time;
}

/** One Korean day of the dashboard's charts. */
export interface AdminDayFigures<Won = number> {
  date: string;
  /** Points credited by accepted charges (CHARGE ledger entries). */
  depositsAccepted: Won;
  /** Points paid for orders (ORDER ledger entries), before refunds. */
  pointsSpent: Won;
  newMembers: number;
}

/** `GET /api/admin/dashboard`. */
export interface AdminDashboardView<Won = number> {
  today: AdminDayFigures<Won> & { orders: number };
  days: AdminDayFigures<Won>[];
  ordersByStatus: { status: OrderStatus; count: number }[];
  attention: { pendingCharges: number; unmatchedDeposits: number; providerErrors: number; stuckOrders: number };
  /** Referral rewards: members who joined with a code, rewards given, points net of take-backs, what could not be taken back. */
  referrals: { referredMembers: number; rewards: number; rewardedPoints: Won; unrecoveredPoints: Won };
  /** Today's revenue, cost and profit (수익 리포트's total for today): only for roles that may read reports. */
  profitToday?: ProfitReport['total'];
}

/** A member as the console reads it (`GET /api/admin/members`, `/:id` adds `socialProviders`): never credentials. */
export interface AdminMemberView<Time = string, Won = number> {
  id: number;
  loginId: string | null;
  email: string | null;
  phone: string | null;
  registerWhere: string | null;
  referralCode: string | null;
  referredById: number | null;
  status: MemberStatus;
  hasApiKey: boolean;
  createdAt: Time;
  deletedAt: Time | null;
  point: Won;
  socialProviders?: string[];
}

/** A refill request as the console lists it (`GET /api/admin/refills`). */
export interface AdminRefillView<Time = string> {
  id: number;
  orderId: number;
  memberId: number;
  /** null: an operator handles it. */
  providerId: number | null;
  providerRefillId: string | null;
  status: RefillStatus;
  reason: string | null;
  nextCheckAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
}

/** One change the price sync made or held (`GET /api/admin/price-changes`, 가격 변경 내역). */
export interface AdminPriceChangeView<Time = string> {
  id: number;
  providerId: number;
  serviceId: number | null;
  providerServiceId: string;
  kind: PriceChangeKind;
  rule: PriceRule | null;
  oldRate: string | null;
  newRate: string | null;
  oldPoint: string | null;
  newPoint: string | null;
  note: string;
  status: PriceChangeStatus;
  resolvedBy: string | null;
  resolvedAt: Time | null;
  createdAt: Time;
}

/** A subscription as the console reads it (`GET /api/admin/subscriptions`): its columns and whether it waits for an operator. */
export interface AdminSubscriptionView<Time = string, Won = number> extends Omit<
  SubscriptionView<Time, Won>,
  'statusLabel' | 'orders' | 'cancelRequested'
> {
  memberId: number;
  oldPosts: number;
  providerId: number | null;
  providerServiceId: string | null;
  providerSubscriptionId: string | null;
  lastError: string | null;
  sendingAt: Time | null;
  cancelRequestedAt: Time | null;
  cancelForwardedAt: Time | null;
  nextCheckAt: Time | null;
  /** Its `add` is out, unanswered, and nothing is due: an operator links, resends or cancels it. */
  held: boolean;
  /** `GET /:id` only: the child orders placed for its posts. */
  orders?: number[];
}
