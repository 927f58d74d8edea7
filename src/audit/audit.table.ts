import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Append-only trail of every change to an invoice, written in the transaction of the change. Each entry's
 * hash covers the previous entry's hash of the same invoice, so an edited row breaks the chain.
 */
export const auditEntries = sqliteTable(
  'audit_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: text('invoice_id').notNull(),
    seq: integer('seq').notNull(),
    at: text('at').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: text('details').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('audit_entries_invoice_seq').on(t.invoiceId, t.seq)],
);
