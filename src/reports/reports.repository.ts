/** Report figures from the rollups (src/rollups) and the month's invoices by their creation instant. */
import type Database from 'better-sqlite3';
import { tableGeneration } from '../db/data-generation.js';
import { addDays, addMonths } from '../domain/calendar.js';
import type { InvoiceStatus } from '../invoices/invoices.table.js';
import { FIGURES_COUNT_DEMO } from '../rollups/demo-scope.js';
import { createDayFigures } from './day-figures.js';

export interface SalesFigures {
  invoiceCount: number;
  revenue: number;
  taxAmount: number;
  quantity: number;
}

export interface TopCustomer {
  customerId: string;
  name: string;
  mst?: string;
  invoiceCount: number;
  revenue: number;
}

export interface SkuSales {
  sku: string;
  quantity: number;
  revenue: number;
}

export interface TopSku extends SkuSales {
  name: string | null;
}

export type CustomerSales = Omit<TopCustomer, 'name' | 'mst'>;

export interface ChannelSales {
  channel: string;
  count: number;
  revenue: number;
}

/** Where the top-SKU query reads a window: days [headFrom, headTo], months [firstMonth, lastMonth], days [tailFrom, tailTo]. */
type SkuWindowParts = Record<'headFrom' | 'headTo' | 'firstMonth' | 'lastMonth' | 'tailFrom' | 'tailTo', string | null>;
const NO_PARTS: SkuWindowParts = {
  headFrom: null,
  headTo: null,
  firstMonth: null,
  lastMonth: null,
  tailFrom: null,
  tailTo: null,
};

/** Up to this many days, grouping the daily rows of the window is cheaper than walking the bounds. */
const GROUPED_WINDOW_DAYS = 31;
const BOUND_BATCH = 100;
/** Past this many customers read by bound the ranking falls back to grouping (values too even to prune). */
const BOUND_BUDGET = 1_000;

/** Revenue descending, then id: the order of the ranking (docs/api.md). */
export const customerRanksBefore = (
  a: { revenue: number; customerId: string },
  b: { revenue: number; customerId: string },
) => a.revenue > b.revenue || (a.revenue === b.revenue && a.customerId < b.customerId);

/** Names of ranked customers kept at most: a day's rankings rarely see more than a few dozen customers. */
const MAX_NAMES_KEPT = 1_000;

export function createReportsRepository(sqlite: Database.Database) {
  // The counts of the invoice list count every invoice; a live node's figures leave the demo ones out.
  const statusCounts = sqlite.prepare<[], { status: InvoiceStatus; count: number }>(
    `SELECT s.status, s.count - iif(${FIGURES_COUNT_DEMO}, 0, (SELECT count(*) FROM invoices INDEXED BY invoices_demo_status
       WHERE demo = 1 AND status = s.status)) AS count
     FROM invoice_status_counts s`,
  );
  const salesBetween = sqlite.prepare<[string, string], SalesFigures>(
    `SELECT coalesce(sum(invoice_count), 0) AS invoiceCount, coalesce(sum(revenue), 0) AS revenue,
            coalesce(sum(tax_amount), 0) AS taxAmount, coalesce(sum(quantity), 0) AS quantity
     FROM daily_sales WHERE date >= ? AND date <= ?`,
  );
  const channelsBetween = sqlite.prepare<[string, string], ChannelSales>(
    `SELECT channel, sum(invoice_count) AS count, sum(revenue) AS revenue FROM daily_sales
     WHERE date >= ? AND date <= ? GROUP BY channel`,
  );
  // "+customer_id": read the window's days by the primary key rather than every day of every customer.
  const groupedTopCustomers = sqlite.prepare<[string, string, number], CustomerSales>(
    `SELECT customer_id AS customerId, sum(invoice_count) AS invoiceCount, sum(revenue) AS revenue FROM daily_customer_sales
     WHERE date >= ? AND date <= ? GROUP BY +customer_id ORDER BY revenue DESC, customer_id LIMIT ?`,
  );
  const recentSince = sqlite
    .prepare<[], string>(`SELECT since FROM rollup_windows WHERE name = 'customer_recent_sales'`)
    .pluck();
  const highestBounds = sqlite.prepare<[number], { customerId: string; bound: number }>(
    `SELECT customer_id AS customerId, positive_revenue AS bound FROM customer_recent_sales
     ORDER BY positive_revenue DESC, customer_id LIMIT ?`,
  );
  const salesOf = sqlite.prepare<[string, string, string], CustomerSales>(
    `SELECT customer_id AS customerId, sum(invoice_count) AS invoiceCount, sum(revenue) AS revenue FROM daily_customer_sales
     WHERE customer_id IN (SELECT value FROM json_each(?)) AND date >= ? AND date <= ? GROUP BY customer_id`,
  );
  const customerSalesOn = sqlite.prepare<[string], CustomerSales>(
    'SELECT customer_id AS customerId, invoice_count AS invoiceCount, revenue FROM daily_customer_sales WHERE date = ?',
  );
  const customerSaleOn = sqlite.prepare<[string, string], CustomerSales>(
    'SELECT customer_id AS customerId, invoice_count AS invoiceCount, revenue FROM daily_customer_sales WHERE date = ? AND customer_id = ?',
  );
  // Each ranked customer's name and MST, in the ranking's order ([null, null] for one no longer stored),
  // as JSON text written by SQLite: reading them as rows and joining them by id in JavaScript cost 46 µs for
  // the 20 of a ranking at 1 M invoices, this 16.
  const namesJson = sqlite
    .prepare<[string], string>(
      `SELECT json_group_array(json_array(c.name, c.mst) ORDER BY r.key)
       FROM json_each(?) r LEFT JOIN customers c ON c.id = r.value`,
    )
    .pluck();

  /**
   * Top customers of a long window without grouping its hundreds of thousands of daily rows: customers are
   * read by their recent positive revenue (customer_recent_sales, never below their revenue in any window
   * since `since`), and reading stops once the next bound cannot reach the last revenue of the ranking.
   * Undefined when the bounds do not decide: the window starts before them, or pruning does not pay off.
   */
  const topCustomersByBound = (from: string, to: string, limit: number): CustomerSales[] | undefined => {
    if (from < (recentSince.get() ?? '9999')) return undefined;
    const bounds = highestBounds.all(BOUND_BUDGET + 1);
    const top: CustomerSales[] = [];
    for (let start = 0; start < Math.min(bounds.length, BOUND_BUDGET); start += BOUND_BATCH) {
      const batch = bounds.slice(start, start + BOUND_BATCH).map((b) => b.customerId);
      top.push(...salesOf.all(JSON.stringify(batch), from, to));
      top.sort((a, b) => (customerRanksBefore(a, b) ? -1 : 1)).splice(limit);
      // Customers without a bound earned nothing in the window: the ranking decides once it is full of
      // customers that earned something and the next bound cannot reach its last.
      const last = top[limit - 1];
      if (!last || last.revenue <= 0) continue;
      const next = bounds[start + BOUND_BATCH];
      if (!next || customerRanksBefore(last, { revenue: next.bound, customerId: next.customerId })) return top;
    }
    return undefined;
  };

  /** The first `limit` customers by their sales in [from, to]. */
  const rankCustomers = (from: string, to: string, limit: number): CustomerSales[] =>
    (from > addDays(to, -GROUPED_WINDOW_DAYS) ? undefined : topCustomersByBound(from, to, limit)) ??
    groupedTopCustomers.all(from, to, limit);
  // The ranked customers' names and MSTs, kept until a customer is written ([null, null]: no longer stored).
  // Reading twenty was a fifth of a year's ranking; the ranking's customers change little between two looks.
  const customersWritten = tableGeneration(sqlite, ['customers']);
  const namesKept = new Map<string, [name: string | null, mst: string | null]>();
  let namesKeptAt: number | undefined;
  /** The ranked customers with their names, in the ranking's order; a customer no longer stored is left out. */
  const withCustomerNames = (ranked: readonly CustomerSales[]): TopCustomer[] => {
    const generation = customersWritten();
    if (generation !== namesKeptAt || namesKept.size > MAX_NAMES_KEPT) {
      namesKept.clear();
      namesKeptAt = generation;
    }
    const missing = ranked.filter((r) => !namesKept.has(r.customerId)).map((r) => r.customerId);
    if (missing.length > 0) {
      const names = JSON.parse(namesJson.get(JSON.stringify(missing))!) as [string | null, string | null][];
      for (const [i, id] of missing.entries()) namesKept.set(id, names[i]!);
    }
    // Written out rather than spread: the rows come from several shapes (SQLite's, the ranking's sums), and a
    // spread over many shapes took a sixth of the request.
    const named: TopCustomer[] = [];
    for (const { customerId, invoiceCount, revenue } of ranked) {
      const [name, mst] = namesKept.get(customerId)!;
      if (name !== null) named.push({ customerId, name, mst: mst ?? undefined, invoiceCount, revenue });
    }
    return named;
  };
  const hasSkuSalesBetween = sqlite
    .prepare<[string, string], number>('SELECT EXISTS (SELECT 1 FROM daily_sku_sales WHERE date >= ? AND date < ?)')
    .pluck();
  // A part of the window left out has null bounds: SQLite skips that range at once, whereas a null start
  // alone matches no row but still walks the index from its first entry.
  const rankedSkusOf = sqlite.prepare<[SkuWindowParts & { limit: number }], SkuSales>(
    `SELECT sku, sum(quantity) AS quantity, sum(revenue) AS revenue FROM (
       SELECT sku, quantity, revenue FROM daily_sku_sales WHERE date >= @headFrom AND date <= @headTo
       UNION ALL SELECT sku, quantity, revenue FROM monthly_sku_sales WHERE month >= @firstMonth AND month <= @lastMonth
       UNION ALL SELECT sku, quantity, revenue FROM daily_sku_sales WHERE date >= @tailFrom AND date <= @tailTo
     ) GROUP BY sku ORDER BY quantity DESC, sku LIMIT @limit`,
  );
  const skuSalesOn = sqlite.prepare<[string], SkuSales>(
    'SELECT sku, quantity, revenue FROM daily_sku_sales WHERE date = ?',
  );
  const skuSaleOn = sqlite.prepare<[string, string], SkuSales>(
    'SELECT sku, quantity, revenue FROM daily_sku_sales WHERE date = ? AND sku = ?',
  );
  const productNames = sqlite.prepare<[string], { sku: string; name: string }>(
    'SELECT sku, name FROM products WHERE sku IN (SELECT value FROM json_each(?))',
  );
  /**
   * The SKU rollup rows that make up [from, to]: the months it covers whole from monthly_sku_sales, the other
   * days of its first and last month from daily_sku_sales. Nothing is subtracted, so the sums are those of the
   * days. A first or last month also counts as whole when it has no sales outside the window: the usual window
   * ends today, after the last sale of its month.
   */
  const skuWindowParts = (from: string, to: string): SkuWindowParts => {
    const first = from.slice(0, 7);
    const last = to.slice(0, 7);
    const firstWhole = !hasSkuSalesBetween.get(`${first}-01`, from);
    const lastWhole = !hasSkuSalesBetween.get(addDays(to, 1), `${addMonths(last, 1)}-01`);
    if (first === last) {
      return firstWhole && lastWhole
        ? { ...NO_PARTS, firstMonth: first, lastMonth: last }
        : { ...NO_PARTS, headFrom: from, headTo: to };
    }
    return {
      ...NO_PARTS,
      ...(!firstWhole && { headFrom: from, headTo: addDays(`${addMonths(first, 1)}-01`, -1) }),
      firstMonth: firstWhole ? first : addMonths(first, 1),
      lastMonth: lastWhole ? last : addMonths(last, -1),
      ...(!lastWhole && { tailFrom: `${last}-01`, tailTo: to }),
    };
  };
  /** The first `limit` SKUs by quantity sold in [from, to]; a negative limit ranks them all. */
  // One read transaction: the months judged whole stay whole for the query that reads them.
  const rankSkus = sqlite.transaction((from: string, to: string, limit: number): SkuSales[] =>
    from > to ? [] : rankedSkusOf.all({ ...skuWindowParts(from, to), limit }),
  );
  const withSkuNames = (ranked: readonly SkuSales[]): TopSku[] => {
    const names = new Map(productNames.all(JSON.stringify(ranked.map((r) => r.sku))).map((p) => [p.sku, p.name]));
    return ranked.map((r) => ({
      sku: r.sku,
      name: names.get(r.sku) ?? null,
      quantity: r.quantity,
      revenue: r.revenue,
    }));
  };
  const countCreatedBetween = sqlite.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM invoices WHERE created_at >= ? AND created_at < ?',
  );
  const dayFigures = createDayFigures(sqlite);
  return {
    /** A day's groups per rate and category and its quantities per unit (day-figures.ts). */
    dayFigures,
    statusCounts: () => statusCounts.all(),
    salesBetween: (from: string, to: string) => salesBetween.get(from, to) as SalesFigures,
    channelsBetween: (from: string, to: string) => channelsBetween.all(from, to),
    rankCustomers,
    customerSalesOf: (ids: readonly string[], from: string, to: string) => salesOf.all(JSON.stringify(ids), from, to),
    customerSalesOn: (date: string) => customerSalesOn.all(date),
    customerSaleOn: (date: string, customerId: string) => customerSaleOn.get(date, customerId),
    withCustomerNames,
    rankSkus: (from: string, to: string, limit: number) => rankSkus(from, to, limit),
    skuSalesOn: (date: string) => skuSalesOn.all(date),
    skuSaleOn: (date: string, sku: string) => skuSaleOn.get(date, sku),
    withSkuNames,
    countCreatedBetween: (from: string, before: string) => countCreatedBetween.get(from, before)?.n ?? 0,
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
