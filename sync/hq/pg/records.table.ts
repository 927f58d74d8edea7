import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stores } from './stores.table.js';

/**
 * Every change a store pushed, once per (store, record, version). The payload stays `text`, not `jsonb`: it is
 * the store's canonical JSON byte for byte (jsonb would reorder keys and drop spaces), so HQ and the store
 * compare content hashes of the same bytes.
 */
export const records = pgTable(
  'records',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    recordId: text('record_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: text('at').notNull(),
    payload: text('payload').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.recordId, t.version] })],
);

/**
 * The latest known version of each store's invoices. `rowNo` orders ties as SQLite's rowid does (the first
 * received first) and ends every list index, so each filter combination is one index range in list order.
 */
export const invoices = pgTable(
  'invoices',
  {
    rowNo: bigint('row_no', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    invoiceId: text('invoice_id').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    issueDate: text('issue_date').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerMst: text('buyer_mst'),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: text('created_at').notNull(),
    receivedSeq: bigint('received_seq', { mode: 'number' }).notNull(),
    taxLines: text('tax_lines').notNull().default('[]'),
    /** A demo invoice (docs/decisions.md §7): labelled "dùng thử" by the console, never in the revenue. */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.invoiceId] }),
    index('invoices_issue_date').on(t.issueDate, t.createdAt, t.rowNo),
    index('invoices_store_issue_date').on(t.storeId, t.issueDate, t.createdAt, t.rowNo),
    index('invoices_status_issue_date').on(t.status, t.issueDate, t.createdAt, t.rowNo),
    index('invoices_store_status_issue_date').on(t.storeId, t.status, t.issueDate, t.createdAt, t.rowNo),
    // The console's searches: an invoice by its series and number, a buyer's invoices newest first, a range of totals.
    index('invoices_symbol_number').on(t.kyHieu, t.number),
    index('invoices_buyer_mst_issue_date').on(t.buyerMst, t.issueDate, t.createdAt, t.rowNo),
    index('invoices_total').on(t.total),
  ],
);

/** What a revenue rollup holds for its key (store, day or month): status and rate, then the sums. */
const revenueFigures = () => ({
  status: text('status').notNull(),
  taxRate: doublePrecision('tax_rate').notNull(),
  invoices: bigint('invoices', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
});

/** Revenue per store, store-local day, status and tax rate (../revenue.ts). */
export const dailyRevenue = pgTable(
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
export const monthlyRevenue = pgTable(
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

/** The current settings document of each store and the hlc it was written at. */
export const settings = pgTable(
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

/** Edits that lost the last-writer-wins comparison. */
export const settingsLosers = pgTable(
  'settings_losers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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

/** The greatest hybrid logical clock value HQ has issued or received (one row, locked while used). */
export const hlcClock = pgTable('hlc_clock', {
  id: integer('id').primaryKey(),
  lastHlc: text('last_hlc').notNull(),
});

/** The chain's catalogue. */
export const products = pgTable('products', {
  sku: text('sku').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit'),
  unitPrice: doublePrecision('unit_price').notNull(),
  taxRate: doublePrecision('tax_rate').notNull(),
  updatedAt: text('updated_at').notNull(),
});
