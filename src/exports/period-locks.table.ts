import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * A declared month (docs/exports.md, "Declared months"): locked by the accountant once it has ended, its
 * ledger and 01/GTGT figures are read from what was stored here at lock time, never again from the invoices.
 * `frozen` holds the rest of the month's exports as they were (the header, the KHAC setting, the corrections
 * of earlier declared months and the month's open invoices), as JSON. Unlocking deletes the row and its
 * entries; the audit trail `period:<month>` keeps both events.
 */
export const periodLocks = sqliteTable('period_locks', {
  month: text('month').primaryKey(),
  lockedAt: text('locked_at').notNull(),
  lockedBy: text('locked_by').notNull(),
  frozen: text('frozen').notNull(),
});

/**
 * The ledger entries of a declared month as they were at lock time: one row per invoice and tax group, in
 * the order the ledger lists them (`seq`, the creation order of the invoices), `entry` the repository's row
 * as JSON. Read by the primary key, a tax group at a time.
 */
export const periodLockEntries = sqliteTable(
  'period_lock_entries',
  {
    month: text('month').notNull(),
    taxGroup: text('tax_group').notNull(),
    seq: integer('seq').notNull(),
    issueDate: text('issue_date').notNull(),
    entry: text('entry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.taxGroup, t.seq] })],
);
