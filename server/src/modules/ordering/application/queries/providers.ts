import { FindMemberRecords } from './find-member-records/find-member-records.js';
import { FindSubscriptions } from './find-subscriptions/find-subscriptions.js';
import { GetAutoOrder } from './get-auto-order/get-auto-order.js';
import { GetAutoOrderHistory } from './get-auto-order-history/get-auto-order-history.js';
import { GetDashboardStats } from './get-dashboard-stats/get-dashboard-stats.js';
import { GetMemberOrderViews } from './get-member-order-views/get-member-order-views.js';
import { GetOrder } from './get-order/get-order.js';
import { GetOrderHistory } from './get-order-history/get-order-history.js';
import { ListAutoOrders } from './list-auto-orders/list-auto-orders.js';
import { ListOrders } from './list-orders/list-orders.js';
import { ListProfitOrders } from './list-profit-orders/list-profit-orders.js';
import { ListSubscriptions } from './list-subscriptions/list-subscriptions.js';
import { MemberOrderActions } from './member-order-actions.js';

/** Ordering's read use cases, one per folder (registered by OrderingModule; reached from outside through the facade). */
export const ORDERING_QUERIES = [
  FindMemberRecords,
  FindSubscriptions,
  GetAutoOrder,
  GetAutoOrderHistory,
  GetDashboardStats,
  GetMemberOrderViews,
  GetOrder,
  GetOrderHistory,
  ListAutoOrders,
  ListOrders,
  ListProfitOrders,
  ListSubscriptions,
  MemberOrderActions,
];
