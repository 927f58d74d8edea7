import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
  },
  (t) => [index('products_name_key').on(t.nameKey)],
);
