import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stores } from './stores.table.js';

/** What each store last said about itself (as `../status.table.ts` on SQLite). */
export const storeFacts = pgTable('store_facts', {
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

/** The tax authority's refusals and invoices in attention, per store (as `../status.table.ts` on SQLite). */
export const taxProblems = pgTable(
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
    total: bigint('total', { mode: 'number' }).notNull(),
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
