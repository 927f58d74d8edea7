import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A cashier's shift (docs/console.md "Ca bán hàng"): opened with a float, closed with a cash count. The
 * figures of the close are kept as they were at the close; an open shift's are computed when read.
 */
export const shifts = sqliteTable(
  'shifts',
  {
    id: text('id').primaryKey(),
    /** The user who opened it (the invoices they create while it is open are its sales). */
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    /** The store-local date it was opened: the day it is listed under. */
    businessDate: text('business_date').notNull(),
    openedAt: text('opened_at').notNull(),
    openingFloat: integer('opening_float').notNull(),
    closedAt: text('closed_at'),
    closedBy: text('closed_by'),
    cashSales: integer('cash_sales'),
    cashRefunds: integer('cash_refunds'),
    expectedCash: integer('expected_cash'),
    countedCash: integer('counted_cash'),
    /** The count by denomination, as JSON `[{ value, count }]`, when the cashier counted that way. */
    denominations: text('denominations'),
    difference: integer('difference'),
    note: text('note'),
  },
  (t) => [
    index('shifts_business_date_user').on(t.businessDate, t.userId),
    // One open shift per user.
    uniqueIndex('shifts_open_user').on(t.userId).where(sql`${t.closedAt} IS NULL`),
  ],
);
