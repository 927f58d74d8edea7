/**
 * The analytics windows, each the last N store-local days up to today: the closed days' figures are
 * remembered (src/rollups/closed-days.ts) and today's rows added to them, ranked exactly
 * (src/reports/ranking.ts). A year's ranking then ranks today's rows, not a year of them, and those are
 * kept in memory too, each read again after this node writes it (src/rollups/today-rows.ts).
 */
import type Database from 'better-sqlite3';
import { addDays } from '../domain/calendar.js';
import type { ClosedDays } from '../rollups/closed-days.js';
import { createTodayRows, type TodayMark, type TodayRows } from '../rollups/today-rows.js';
import { type ClosedRanking, type RankingRule, rankAfterChanges, rankWithToday } from './ranking.js';
import {
  type ChannelSales,
  type CustomerSales,
  customerRanksBefore,
  type ReportsRepository,
  type SkuSales,
  type TopCustomer,
  type TopSku,
} from './reports.repository.js';

const TOP_CUSTOMERS = 20;
export const TOP_SKUS = 10;

/** Quantity descending, then SKU (docs/api.md). */
const skuRanksBefore = (a: SkuSales, b: SkuSales) =>
  a.quantity > b.quantity || (a.quantity === b.quantity && a.sku < b.sku);

/**
 * The closed days' first customers kept: a customer sold to today is ranked from its own figures, so these
 * run out only when most of the best customers of the year bought today.
 */
const CLOSED_CUSTOMERS = 100;

const channelRule: RankingRule<ChannelSales> = {
  key: (r) => r.channel,
  add: (a, b, into = { ...a }) => {
    into.channel = a.channel;
    into.count = a.count + b.count;
    into.revenue = a.revenue + b.revenue;
    return into;
  },
  before: (a, b) => a.revenue > b.revenue || (a.revenue === b.revenue && a.channel < b.channel),
};
const customerRule: RankingRule<CustomerSales> = {
  key: (r) => r.customerId,
  add: (a, b, into = { ...a }) => {
    into.customerId = a.customerId;
    into.invoiceCount = a.invoiceCount + b.invoiceCount;
    into.revenue = a.revenue + b.revenue;
    return into;
  },
  before: customerRanksBefore,
};
const skuRule: RankingRule<SkuSales> = {
  key: (r) => r.sku,
  add: (a, b, into = { ...a }) => {
    into.sku = a.sku;
    into.quantity = a.quantity + b.quantity;
    into.revenue = a.revenue + b.revenue;
    return into;
  },
  before: skuRanksBefore,
};

/** A ranking that holds every key (the channels' rows come unordered): figures are looked up in it. */
function wholeRanking<T>(rule: RankingRule<T>, rows: readonly T[]): ClosedRanking<T> {
  const byKey = new Map(rows.map((r) => [rule.key(r), r]));
  return { top: [...rows].sort((a, b) => (rule.before(a, b) ? -1 : 1)), complete: true, of: () => byKey };
}

const NO_CLOSED_DAYS = { top: [], complete: true, of: () => new Map() };

/** Today's rows of the customer and SKU rollups, kept in memory (src/rollups/today-rows.ts). */
export interface TodaySales {
  customers: TodayRows<CustomerSales>;
  skus: TodayRows<SkuSales>;
}

export function createTodaySales(sqlite: Database.Database, reports: ReportsRepository): TodaySales {
  return {
    customers: createTodayRows(sqlite, {
      all: reports.customerSalesOn,
      one: reports.customerSaleOn,
      key: (r) => r.customerId,
    }),
    skus: createTodayRows(sqlite, { all: reports.skuSalesOn, one: reports.skuSaleOn, key: (r) => r.sku }),
  };
}

/** A window's ranking as last answered: brought forward by the buyers whose rows changed since (`mark`). */
interface KeptRanking {
  closed: ClosedRanking<CustomerSales>;
  mark: TodayMark;
  rows: CustomerSales[];
}

/** The dashboard's windows, each ending today. */
const RANKINGS_KEPT = 16;

export function createWindowFigures(reports: ReportsRepository, closedDays: ClosedDays, todaySales: TodaySales) {
  const rankings = new Map<string, KeptRanking>();
  /** The closed part of [from, today] remembered under `name`, or nothing when the window is today alone. */
  const closed = <T>(
    name: string,
    from: string,
    today: string,
    compute: (through: string) => ClosedRanking<T>,
  ): ClosedRanking<T> => {
    const through = addDays(today, -1);
    return from > through ? NO_CLOSED_DAYS : closedDays.remember(`${name}:${from}`, through, () => compute(through));
  };

  /**
   * The closed days' first customers, and the figures of the others looked up as they buy today and kept
   * with them (a customer with none is kept at zero).
   */
  const closedCustomers = (from: string, through: string): ClosedRanking<CustomerSales> => {
    const top = reports.rankCustomers(from, through, CLOSED_CUSTOMERS);
    const known = new Map(top.map((r) => [r.customerId, r]));
    return {
      top,
      complete: top.length < CLOSED_CUSTOMERS,
      of(ids) {
        const missing: string[] = [];
        for (const id of ids) if (!known.has(id)) missing.push(id);
        if (missing.length === 0) return known;
        for (const id of missing) known.set(id, { customerId: id, invoiceCount: 0, revenue: 0 });
        for (const r of reports.customerSalesOf(missing, from, through)) known.set(r.customerId, r);
        return known;
      },
    };
  };

  /**
   * The kept ranking with the figures of today's buyers whose rows changed since it was made; undefined
   * when it must be ranked again (the day's rows were read afresh, a buyer's row went, a ranked buyer fell).
   */
  const movedRanking = (
    kept: KeptRanking,
    closedRanking: ClosedRanking<CustomerSales>,
    todayByKey: ReadonlyMap<string, CustomerSales>,
    today: string,
  ): CustomerSales[] | undefined => {
    const keys = todaySales.customers.changedSince(today, kept.mark);
    if (!keys) return undefined;
    if (keys.length === 0) return kept.rows;
    const closedOf = closedRanking.of(keys);
    const changed = new Map<string, CustomerSales>();
    for (const key of keys) {
      const row = todayByKey.get(key);
      if (!row) return undefined;
      const before = closedOf.get(key);
      changed.set(key, before ? customerRule.add(before, row) : row);
    }
    return rankAfterChanges(customerRule, TOP_CUSTOMERS, kept.rows, changed);
  };

  return {
    /** Every channel with sales in [from, today], best first. */
    channels(from: string, today: string): ChannelSales[] {
      const closedRanking = closed('channels', from, today, (through) =>
        wholeRanking(channelRule, reports.channelsBetween(from, through)),
      );
      return rankWithToday(
        channelRule,
        Number.POSITIVE_INFINITY,
        closedRanking,
        reports.channelsBetween(today, today),
      )!;
    },

    topCustomers(from: string, today: string): TopCustomer[] {
      const closedRanking = closed('customers', from, today, (through) => closedCustomers(from, through));
      const sales = todaySales.customers;
      const todayRows = sales.on(today);
      const byKey = sales.byKey(today);
      const window = `${from}|${today}`;
      const kept = rankings.get(window);
      const ranked =
        (kept?.closed === closedRanking && byKey && movedRanking(kept, closedRanking, byKey, today)) ||
        rankWithToday(customerRule, TOP_CUSTOMERS, closedRanking, todayRows, byKey) ||
        reports.rankCustomers(from, today, TOP_CUSTOMERS);
      rankings.delete(window);
      const mark = sales.mark(today);
      if (mark) rankings.set(window, { closed: closedRanking, mark, rows: ranked });
      if (rankings.size > RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!);
      return reports.withCustomerNames(ranked);
    },

    /** SKUs are ranked whole: a catalogue is thousands of rows at most, a year's closed days one entry. */
    topSkus(from: string, today: string): TopSku[] {
      const closedRanking = closed('skus', from, today, (through) =>
        wholeRanking(skuRule, reports.rankSkus(from, through, -1)),
      );
      return reports.withSkuNames(rankWithToday(skuRule, TOP_SKUS, closedRanking, todaySales.skus.on(today))!);
    },
  };
}

export type WindowFigures = ReturnType<typeof createWindowFigures>;
