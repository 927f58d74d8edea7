import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { stores } from './stores.table.js';

/**
 * What HQ sends down, in one sequence: AUTOINCREMENT so that a cursor is never reused, even after the
 * newest items are deleted. `storeId` null addresses every store.
 */
export const feed = sqliteTable(
  'feed',
  {
    cursor: integer('cursor').primaryKey({ autoIncrement: true }),
    storeId: text('store_id').references(() => stores.id),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    at: text('at').notNull(),
  },
  (t) => [
    index('feed_store_cursor').on(t.storeId, t.cursor),
    // The latest settings sent to a store and the latest catalogue: what a store has applied is compared with them.
    index('feed_store_kind_cursor').on(t.storeId, t.kind, t.cursor),
  ],
);

/** The chain's catalogue, edited at HQ and sent to every store. */
export const products = sqliteTable('products', {
  sku: text('sku').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit'),
  unitPrice: real('unit_price').notNull(),
  taxRate: real('tax_rate').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** Businesses by tax code learnt from the stores' customers; each new one is sent to every store. */
export const mstRegistry = sqliteTable('mst_registry', {
  mst: text('mst').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  firstStoreId: text('first_store_id')
    .notNull()
    .references(() => stores.id),
  createdAt: text('created_at').notNull(),
});
