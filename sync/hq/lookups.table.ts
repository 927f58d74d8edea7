import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { stores } from './stores.table.js';

/**
 * How the chain's lookup portal finds an invoice (docs/delivery.md): its lookup code, or the seller's MST with
 * the symbol, number and total. One row per invoice that has a lookup code, written at the invoice's first
 * sight and never changed (none of these facts changes once the invoice is issued). The invoice itself is
 * the newest record of `invoices`; its XML is the record `(storeId, 'document:' || invoiceId, 1)`.
 */
export const invoiceLookups = sqliteTable(
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
    total: integer('total').notNull(),
    demo: integer('demo').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.invoiceId] }),
    index('invoice_lookups_code').on(t.lookupCode),
    index('invoice_lookups_symbol').on(t.kyHieu, t.number),
  ],
);
