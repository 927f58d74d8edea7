import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { stores } from './stores.table.js';

/**
 * What each store last said about itself (sync/status-report.ts): one row per store, replaced by every report.
 * `symbols` is the JSON array of its series; the store list reads it with the store, never searches it.
 */
export const storeFacts = sqliteTable('store_facts', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id),
  mst: text('mst'),
  sellerName: text('seller_name'),
  symbols: text('symbols').notNull().default('[]'),
  mode: text('mode', { enum: ['demo', 'live'] }).notNull(),
  version: text('version').notNull(),
  certificateExpiresAt: text('certificate_expires_at'),
  reportedAt: text('reported_at').notNull(),
});

/**
 * The invoices the tax authority refused, or left waiting for the owner (`attention`), as the stores report
 * them. `closedAt`: an invoice in attention the store no longer names (settled there). `handledAt`, `handledBy`
 * and `handledNote`: who marked it handled at HQ, when and why: the record of that act, never rewritten. The
 * screen reads the newest first, for every store or one (the two indexes).
 */
export const taxProblems = sqliteTable(
  'tax_problems',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    invoiceId: text('invoice_id').notNull(),
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    number: integer('number').notNull(),
    issueDate: text('issue_date').notNull(),
    total: integer('total').notNull(),
    demo: integer('demo').notNull().default(0),
    state: text('state', { enum: ['rejected', 'attention'] }).notNull(),
    reason: text('reason').notNull(),
    at: text('at').notNull(),
    reportedAt: text('reported_at').notNull(),
    closedAt: text('closed_at'),
    handledAt: text('handled_at'),
    handledBy: text('handled_by'),
    handledNote: text('handled_note'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.invoiceId] }),
    index('tax_problems_at').on(t.at),
    index('tax_problems_store_at').on(t.storeId, t.at),
  ],
);
