import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Known businesses by tax code: seeded from invoices' buyers, headquarters, and cached upstream answers. */
export const mstRegistry = sqliteTable('mst_registry', {
  mst: text('mst').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  status: text('status').notNull(),
  source: text('source', { enum: ['invoice', 'hq', 'upstream'] }).notNull(),
  updatedAt: text('updated_at').notNull(),
});
