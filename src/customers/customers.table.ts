import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Customers are extracted from invoices: one per MST, or, without an MST, one per normalised name + email
 * (`matchKey`). `nameKey` is the accent-free lower-case name for search.
 */
export const customers = sqliteTable(
  'customers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    mst: text('mst'),
    matchKey: text('match_key'),
    email: text('email'),
    address: text('address'),
    phone: text('phone'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('customers_mst').on(t.mst),
    uniqueIndex('customers_match_key').on(t.matchKey),
    index('customers_name_key').on(t.nameKey),
    // Holds the name, so that a search of a common name walks the newest customers without reading their rows.
    index('customers_created_at_id_name_key').on(t.createdAt, t.id, t.nameKey),
  ],
);
