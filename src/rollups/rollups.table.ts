import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Daily rollups kept by an invoice listener in the transaction of every invoice change, so that reports,
 * analytics and the end-of-day aggregate read a few hundred rows instead of a million invoices. Figures
 * follow the revenue rule of docs/decisions.md §5 (issued and adjusted count, signed; nothing else).
 */
export const dailySales = sqliteTable(
  'daily_sales',
  {
    date: text('date').notNull(),
    channel: text('channel').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    revenue: integer('revenue').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    quantity: real('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.channel] })],
);

export const dailyCustomerSales = sqliteTable(
  'daily_customer_sales',
  {
    date: text('date').notNull(),
    customerId: text('customer_id').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    revenue: integer('revenue').notNull(),
    /** Σ of the revenue of the day's invoices that count positively (decrease adjustments left out). */
    positiveRevenue: integer('positive_revenue').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.customerId] }),
    // Covering: a customer's figures are summed from the index alone (the customer search's page of twenty,
    // seven days each at a million invoices: 130 → 74 µs), at the cost of a sale's update moving its entry.
    index('daily_customer_sales_customer_figures').on(t.customerId, t.date, t.invoiceCount, t.revenue),
  ],
);

/**
 * Per customer, the positive revenue of every day from `rollup_windows.since` ('customer_recent_sales'):
 * an upper bound of the customer's revenue over any window of up to 366 days ending today, so that the top
 * customers of a long window are found by reading the few customers with the highest bound (reports).
 */
export const customerRecentSales = sqliteTable(
  'customer_recent_sales',
  {
    customerId: text('customer_id').primaryKey(),
    positiveRevenue: integer('positive_revenue').notNull(),
  },
  (t) => [index('customer_recent_sales_bound').on(sql`${t.positiveRevenue} DESC`, t.customerId)],
);

/**
 * Per customer, month of issue and channel, the invoices counting as revenue and their revenue: a customer's
 * analytics (totals, months, channels) from at most a row per month and channel instead of reading all its
 * invoices, or all its days (the walk-in customer's 730 days were 0.27 ms, its invoices 0.27 s).
 */
export const monthlyCustomerChannelSales = sqliteTable(
  'monthly_customer_channel_sales',
  {
    customerId: text('customer_id').notNull(),
    month: text('month').notNull(),
    channel: text('channel').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    revenue: integer('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.month, t.channel] })],
);

/** The first day a rolling rollup covers, by rollup name. */
export const rollupWindows = sqliteTable('rollup_windows', {
  name: text('name').primaryKey(),
  since: text('since').notNull(),
});

/** Stored WITHOUT ROWID (migrations/0000_baseline.sql; drizzle cannot say so): a migration that recreates it must keep that. */
export const dailySkuSales = sqliteTable(
  'daily_sku_sales',
  {
    date: text('date').notNull(),
    sku: text('sku').notNull(),
    quantity: real('quantity').notNull(),
    revenue: integer('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.sku] })],
);

/**
 * daily_sku_sales summed per store-local month ('YYYY-MM'), kept in the same transaction: a window of a year
 * reads twelve rows per SKU plus the days of the months it covers only in part (reports).
 */
export const monthlySkuSales = sqliteTable(
  'monthly_sku_sales',
  {
    month: text('month').notNull(),
    sku: text('sku').notNull(),
    quantity: real('quantity').notNull(),
    revenue: integer('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.sku] })],
);

/**
 * The end of day's figures per tax group (src/reports/day-figures.ts): Σ of the amounts and taxes of the
 * day's goods and trade-discount lines in the group, and how many such lines there are, so that a group
 * whose invoices all left the figures (replaced, or live without the demo ones) is not shown while one whose
 * lines net to 0 still is. Stored WITHOUT ROWID (migrations/0012; drizzle cannot say so).
 */
export const dailyTaxGroupSales = sqliteTable(
  'daily_tax_group_sales',
  {
    date: text('date').notNull(),
    taxGroup: text('tax_group').notNull(),
    lineCount: integer('line_count').notNull(),
    amount: integer('amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.taxGroup] })],
);

/**
 * The quantity sold per day and unit ('' for lines without one), in thousandths: a quantity has at most 3
 * decimals, so the sums are exact integers however many invoices come and go, a unit that sold nothing is
 * exactly 0, and the gram the end of day shows is the sum's. Stored WITHOUT ROWID (migrations/0012).
 */
export const dailyUnitQuantities = sqliteTable(
  'daily_unit_quantities',
  {
    date: text('date').notNull(),
    unit: text('unit').notNull(),
    quantityThousandths: integer('quantity_thousandths').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.unit] })],
);

/** Invoices per status, for the report summary without counting a million rows. */
export const invoiceStatusCounts = sqliteTable('invoice_status_counts', {
  status: text('status').primaryKey(),
  count: integer('count').notNull(),
});

/** Invoices issued per store-local month (any status once issued; never decremented): the plan's usage. */
export const monthlyIssuedCounts = sqliteTable('monthly_issued_counts', {
  month: text('month').primaryKey(),
  count: integer('count').notNull(),
});

/**
 * Invoices per UTC hour of creation (`2026-11-23T02`) and status. The total of an invoice list filtered by
 * dates sums at most 24 rows a day of the range instead of counting every invoice in it: a store-local day
 * starts on a UTC hour in every whole-hour time zone (Vietnam's included); other zones count invoices.
 */
export const hourlyInvoiceCounts = sqliteTable(
  'hourly_invoice_counts',
  {
    hour: text('hour').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
);

/**
 * The hourly counts summed by UTC day (`2026-11-23`): a deep page of a list finds the day its offset falls
 * in stepping over days (a whole day at a time, 24 times fewer rows), then the hour within that day.
 */
export const dailyInvoiceCounts = sqliteTable(
  'daily_invoice_counts',
  {
    day: text('day').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/**
 * Whether the sales rollups (daily and monthly sales, customers, SKUs, the plan's monthly count) count demo
 * invoices: while the node is in demo mode they do, so that a trial shows its figures; once it is live they
 * never do (docs/decisions.md §7), and they are rebuilt without them at the change (src/rollups/demo-scope.ts). One
 * row; the invoice counts of the list always count every invoice.
 */
export const rollupDemoScope = sqliteTable('rollup_demo_scope', {
  id: integer('id').primaryKey(),
  includesDemo: integer('includes_demo').notNull(),
});
