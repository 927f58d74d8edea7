import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { stores } from './stores.table.js';

/**
 * Every change a store pushed, once per (store, record, version): the primary key is what makes a resend
 * days later harmless. Projections below are derived from these rows in the same transaction.
 */
export const records = sqliteTable(
  'records',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    recordId: text('record_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    seq: integer('seq').notNull(),
    at: text('at').notNull(),
    payload: text('payload').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.recordId, t.version] })],
);

/**
 * The latest known version of each store's invoices, for the HQ invoice list. `issueDate` is the store-local
 * date of issue; the list's date filters and order use it, so each index serves one combination of filters
 * and the order at once (ties broken by rowid, the last column of every index entry). The document itself is
 * the record `(storeId, 'invoice:' || invoiceId, version)`: kept once, in `records`.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    invoiceId: text('invoice_id').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    number: integer('number').notNull(),
    issueDate: text('issue_date').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerMst: text('buyer_mst'),
    total: integer('total').notNull(),
    createdAt: text('created_at').notNull(),
    receivedSeq: integer('received_seq').notNull(),
    /** JSON of the lines per tax rate (revenue.ts): what a newer version takes out of the revenue rollup. */
    taxLines: text('tax_lines').notNull().default('[]'),
    /** A demo invoice (docs/decisions.md §7): labelled "dùng thử" by the console, never in the revenue. */
    demo: integer('demo', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.invoiceId] }),
    index('invoices_issue_date').on(t.issueDate, t.createdAt),
    index('invoices_store_issue_date').on(t.storeId, t.issueDate, t.createdAt),
    index('invoices_status_issue_date').on(t.status, t.issueDate, t.createdAt),
    index('invoices_store_status_issue_date').on(t.storeId, t.status, t.issueDate, t.createdAt),
    // The console's searches: an invoice by its series and number, a buyer's invoices newest first, a range of totals.
    index('invoices_symbol_number').on(t.kyHieu, t.number),
    index('invoices_buyer_mst_issue_date').on(t.buyerMst, t.issueDate, t.createdAt),
    index('invoices_total').on(t.total),
  ],
);

/** What a revenue rollup holds for its key (store, day or month): status and rate, then the sums. */
const revenueFigures = () => ({
  status: text('status').notNull(),
  taxRate: real('tax_rate').notNull(),
  invoices: integer('invoices').notNull(),
  amount: integer('amount').notNull(),
  taxAmount: integer('tax_amount').notNull(),
});

/**
 * Revenue per store, store-local day, status and tax rate, kept with the invoice projection (revenue.ts): the
 * chain's revenue reads a few rows per store and day, not every invoice.
 */
export const dailyRevenue = sqliteTable(
  'daily_revenue',
  {
    storeId: text('store_id').notNull(),
    issueDate: text('issue_date').notNull(),
    ...revenueFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.issueDate, t.status, t.taxRate] }),
    index('daily_revenue_date').on(t.issueDate, t.status),
    // A store's days with their sums in the answer's order (day, rate): a page of every store's days reads each
    // store from this index alone (an index-only scan on PostgreSQL), not from the rows spread over the table.
    index('daily_revenue_store_sums').on(
      t.storeId,
      t.issueDate,
      t.taxRate,
      t.status,
      t.invoices,
      t.amount,
      t.taxAmount,
    ),
  ],
);

/**
 * The same rollup per store-local month (YYYY-MM), kept beside the daily one in the push's transaction: a month
 * of every store's revenue reads a few rows per store, not one per store and day.
 */
export const monthlyRevenue = sqliteTable(
  'monthly_revenue',
  {
    storeId: text('store_id').notNull(),
    month: text('month').notNull(),
    ...revenueFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.month, t.status, t.taxRate] }),
    index('monthly_revenue_month').on(t.month, t.status),
  ],
);

/** The current settings document of each store (templates, automation, plan) and the hlc it was written at. */
export const settings = sqliteTable(
  'settings',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    document: text('document').notNull(),
    hlc: text('hlc').notNull(),
    origin: text('origin', { enum: ['store', 'hq'] }).notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.name] })],
);

/** Edits that lost the last-writer-wins comparison, kept so that nobody's change disappears without trace. */
export const settingsLosers = sqliteTable(
  'settings_losers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    document: text('document').notNull(),
    hlc: text('hlc').notNull(),
    origin: text('origin', { enum: ['store', 'hq'] }).notNull(),
    lostToHlc: text('lost_to_hlc').notNull(),
    at: text('at').notNull(),
  },
  (t) => [index('settings_losers_store').on(t.storeId, t.id)],
);

/** The greatest hybrid logical clock value HQ has issued or received (one row): HQ's edits tick from it. */
export const hlcClock = sqliteTable('hlc_clock', {
  id: integer('id').primaryKey(),
  lastHlc: text('last_hlc').notNull(),
});
