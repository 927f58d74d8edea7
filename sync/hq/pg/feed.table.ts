import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { stores } from './stores.table.js';

/**
 * What HQ sends down, in one sequence. Identity values are handed out before commit, so appends take a
 * transaction-level advisory lock (pg-hq-store.ts): cursors then commit in order, and a pull never sees
 * cursor 11 while 10 is still to commit. `store_id` null addresses every store: a partial index serves
 * that half of a pull.
 */
export const feed = pgTable(
  'feed',
  {
    cursor: bigint('cursor', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: text('store_id').references(() => stores.id),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    at: text('at').notNull(),
  },
  (t) => [
    index('feed_store_cursor').on(t.storeId, t.cursor),
    // The latest settings sent to a store and the latest catalogue: what a store has applied is compared with them.
    index('feed_store_kind_cursor').on(t.storeId, t.kind, t.cursor),
    index('feed_everyone_cursor').on(t.cursor).where(sql`${t.storeId} IS NULL`),
  ],
);

/** Businesses by tax code learnt from the stores' customers. */
export const mstRegistry = pgTable('mst_registry', {
  mst: text('mst').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  firstStoreId: text('first_store_id')
    .notNull()
    .references(() => stores.id),
  createdAt: text('created_at').notNull(),
});
