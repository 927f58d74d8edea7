import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** End-of-day aggregates as computed by the daily job (the day's summary, form 01/TH-HĐĐT in spirit). */
export const dailyAggregates = sqliteTable('daily_aggregates', {
  date: text('date').primaryKey(),
  /** Null when the day's lines have several units (docs/api.md, "End of day"). */
  totalQty: real('total_qty'),
  totalAmount: integer('total_amount').notNull(),
  invoiceCount: integer('invoice_count').notNull(),
  computedAt: text('computed_at').notNull(),
});
