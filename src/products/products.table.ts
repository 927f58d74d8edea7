import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The catalogue: learnt from invoice lines (last price wins) and filled by headquarters sync. */
export const products = sqliteTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    unit: text('unit'),
    unitPrice: real('unit_price').notNull(),
    taxRate: real('tax_rate').notNull(),
    source: text('source', { enum: ['invoice', 'hq'] }).notNull(),
    updatedAt: text('updated_at').notNull(),
    /** 0: left out of the VAT reduction (the decree's annexes), so never sold at the reduced rate. */
    vatReductionEligible: integer('vat_reduction_eligible').notNull().default(1),
    /** The category a line without one takes (goods, KCT, KKKNT); null for a product learnt from sales. */
    taxCategory: text('tax_category', { enum: ['goods', 'KCT', 'KKKNT'] }),
    /** The code printed on the pack (EAN, …), apart from the SKU; unique when set (docs/catalogue.md). */
    barcode: text('barcode'),
    /** The shop's own grouping of its goods (the till's category buttons). */
    category: text('category'),
    /** 1: shown first among the till's tiles. */
    favourite: integer('favourite').notNull().default(0),
    /** What the shop pays for one unit, in đồng; never on an invoice. */
    costPrice: real('cost_price'),
    /** 0: deactivated, out of the till's tiles and search; invoices that sold it are untouched. */
    active: integer('active').notNull().default(1),
    /** 1 once a sale named the SKU: such a product is deactivated, never deleted (docs/catalogue.md). */
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    index('products_name_key').on(t.nameKey),
    uniqueIndex('products_barcode').on(t.barcode),
    index('products_category_name_key').on(t.category, t.nameKey),
    index('products_active_name_key').on(t.active, t.nameKey),
  ],
);
