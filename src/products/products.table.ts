import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
  },
  (t) => [index('products_name_key').on(t.nameKey)],
);
