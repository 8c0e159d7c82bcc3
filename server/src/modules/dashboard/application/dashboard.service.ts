import { Injectable } from '@nestjs/common';
import { BillingFacade } from '../../billing/index.js';
import { IdentityFacade } from '../../identity/index.js';
import { OrderingFacade, OrderStatus } from '../../ordering/index.js';
import { ReferralFacade } from '../../referral/index.js';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Clock } from '../../../shared/index.js';
import type { AdminDashboardView, AdminDayFigures } from '../../../contracts/index.js';
import { lastDays, startOf, TIME_ZONE } from './calendar.js';
import { ProfitReports } from './profit-report.js';

/** The charts cover this many Korean days, today included. */
export const DASHBOARD_DAYS = 30;
/** An open order nothing has touched for this long is stuck. */
export const STUCK_AFTER_MS = 6 * 60 * 60 * 1000;

/** The console's dashboard view (contracts/views.ts), money as bigint on this side. */
export type DayFigures = AdminDayFigures<bigint>;
export type Dashboard = AdminDashboardView<bigint>;

/** The operator dashboard: read-only figures asked of each context's facade. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly wallet: WalletFacade,
    private readonly identity: IdentityFacade,
    private readonly ordering: OrderingFacade,
    private readonly billing: BillingFacade,
    private readonly clock: Clock,
    private readonly referral: ReferralFacade,
    private readonly profits: ProfitReports,
  ) {}

  /** `withProfit`: the role may read reports, so today's revenue, cost and profit come too (수익 리포트's total for today). */
  async get(withProfit = false): Promise<Dashboard> {
    const now = this.clock.now();
    const dates = lastDays(now, DASHBOARD_DAYS);
    const since = startOf(dates[0]!);
    const todayStart = startOf(dates.at(-1)!);
    const today = dates.at(-1)!;
    const [movements, signups, orders, billing, referrals, profit] = await Promise.all([
      this.wallet.dailyTotals(since, TIME_ZONE),
      this.identity.signupsPerDay(since, TIME_ZONE),
      this.ordering.dashboardStats(since, todayStart, new Date(now.getTime() - STUCK_AFTER_MS)),
      this.billing.attention(),
      this.referral.totals(),
      withProfit ? this.profits.report({ from: today, to: today, by: 'day' }) : null,
    ]);
    const moved = (date: string, kind: LedgerKind) =>
      movements.find((m) => m.day === date && m.kind === kind)?.total ?? 0n;
    const days = dates.map((date) => ({
      date,
      depositsAccepted: moved(date, LedgerKind.CHARGE),
      pointsSpent: -moved(date, LedgerKind.ORDER),
      newMembers: signups.find((s) => s.day === date)?.count ?? 0,
    }));
    const statuses = Object.values(OrderStatus);
    return {
      today: { ...days.at(-1)!, orders: orders.today },
      days,
      ordersByStatus: statuses.map((status) => ({
        status,
        count: orders.byStatus.find((s) => s.status === status)?.count ?? 0,
      })),
      attention: { ...billing, providerErrors: orders.providerErrors, stuckOrders: orders.stuck },
      referrals,
      ...(profit ? { profitToday: profit.total } : {}),
    };
  }
}
