import { Injectable } from '@nestjs/common';
import { PROFIT_GROUP_LABELS, type ProfitQuery, type ProfitReport, type ProfitRow } from '../../../contracts/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { FulfilmentFacade } from '../../fulfilment/index.js';
import { IdentityFacade } from '../../identity/index.js';
import { OrderingFacade, type ProfitOrder } from '../../ordering/index.js';
import { COST_SCALE, fromUnits, toCsv, toUnits } from '../../../shared/index.js';
import { dayOf, startOf } from './calendar.js';

const DAY_MS = 86_400_000;
const WON = 10n ** BigInt(COST_SCALE);

/** The Monday (Korean calendar) of a day's week. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

interface Sum {
  orders: number;
  revenue: bigint;
  /** Units of 10^-COST_SCALE won. */
  cost: bigint;
  uncosted: number;
}

const row = (sum: Sum) => ({
  orders: sum.orders,
  revenue: sum.revenue.toString(),
  cost: fromUnits(sum.cost),
  profit: fromUnits(sum.revenue * WON - sum.cost),
  uncosted: sum.uncosted,
});

/**
 * Revenue (charged minus refunded), cost (fulfilment's record of each order) and profit, by Korean
 * day, week or month, or by service, provider or member. Reads only, through the facades; sums are
 * exact (bigint won, costs in 10^-4 won).
 */
@Injectable()
export class ProfitReports {
  constructor(
    private readonly ordering: OrderingFacade,
    private readonly fulfilment: FulfilmentFacade,
    private readonly catalog: CatalogFacade,
    private readonly identity: IdentityFacade,
  ) {}

  async report({ from, to, by }: ProfitQuery): Promise<ProfitReport> {
    const orders = await this.ordering.ordersForProfit(startOf(from), new Date(startOf(to).getTime() + DAY_MS));
    const costs = await this.fulfilment.costsOf(orders);
    const keyOf = (o: ProfitOrder): string => {
      const day = dayOf(o.createdAt);
      if (by === 'day') return day;
      if (by === 'week') return weekOf(day);
      if (by === 'month') return day.slice(0, 7);
      if (by === 'service') return String(o.serviceId);
      if (by === 'provider') return o.providerId === null ? '-' : String(o.providerId);
      return String(o.memberId);
    };
    const sums = new Map<string, Sum>();
    const total: Sum = { orders: 0, revenue: 0n, cost: 0n, uncosted: 0 };
    for (const order of orders) {
      const key = keyOf(order);
      const sum = sums.get(key) ?? { orders: 0, revenue: 0n, cost: 0n, uncosted: 0 };
      sums.set(key, sum);
      const cost = costs.get(order.id) ?? null;
      for (const s of [sum, total]) {
        s.orders++;
        s.revenue += order.point - order.refunded;
        if (cost === null) s.uncosted++;
        else s.cost += toUnits(cost);
      }
    }
    const labels = await this.labels(by, [...sums.keys()]);
    const rows: ProfitRow[] = [...sums]
      .map(([key, sum]) => ({ key, label: labels.get(key) ?? key, ...row(sum) }))
      .sort((a, b) => {
        if (['day', 'week', 'month'].includes(by)) return a.key.localeCompare(b.key);
        // Largest profit first (exact comparison).
        const difference = toUnits(b.profit) - toUnits(a.profit);
        return difference > 0n ? 1 : difference < 0n ? -1 : a.key.localeCompare(b.key);
      });
    return { from, to, by, rows, total: row(total) };
  }

  /** The report as CSV (cells a spreadsheet cannot run as formulas). */
  async csv(query: ProfitQuery): Promise<string> {
    const report = await this.report(query);
    return toCsv([
      [PROFIT_GROUP_LABELS[report.by], '주문 수', '매출(원)', '원가(원)', '이익(원)', '원가 미확인 주문'],
      ...report.rows.map((r) => [r.label, r.orders, r.revenue, r.cost, r.profit, r.uncosted]),
      [
        '합계',
        report.total.orders,
        report.total.revenue,
        report.total.cost,
        report.total.profit,
        report.total.uncosted,
      ],
    ]);
  }

  private async labels(by: ProfitQuery['by'], keys: string[]): Promise<Map<string, string>> {
    const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
    if (by === 'service') {
      const services = await this.catalog.servicesByIds(ids);
      return new Map(ids.map((id) => [String(id), services.get(id)?.text ?? `#${id}`]));
    }
    if (by === 'provider') {
      const names = await this.fulfilment.providerNames();
      return new Map([
        ['-', '직접 처리'],
        ...ids.map((id): [string, string] => [String(id), names.get(id) ?? `#${id}`]),
      ]);
    }
    if (by === 'member') {
      const logins = await this.identity.loginIdsOf(ids);
      return new Map(ids.map((id) => [String(id), logins.get(id) ?? `탈퇴 회원 #${id}`]));
    }
    return new Map();
  }
}
