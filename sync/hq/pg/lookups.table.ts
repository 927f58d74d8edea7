import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stores } from './stores.table.js';

/** The lookup portal's ways to an invoice, as on SQLite (sync/hq/lookups.table.ts). */
export const invoiceLookups = pgTable(
  'invoice_lookups',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    invoiceId: text('invoice_id').notNull(),
    lookupCode: text('lookup_code').notNull(),
    sellerMst: text('seller_mst').notNull(),
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    number: integer('number').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    demo: integer('demo').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.invoiceId] }),
    index('invoice_lookups_code').on(t.lookupCode),
    index('invoice_lookups_symbol').on(t.kyHieu, t.number),
  ],
);
