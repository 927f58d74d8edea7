import type Database from 'better-sqlite3';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import type { CashMovement } from '../domain/shift-cash.js';
import { shifts } from './shifts.table.js';

export type ShiftRow = typeof shifts.$inferSelect;

/**
 * The cash invoices a user made in a window, read by `invoices_created_at` (a shift's window is hours long),
 * with the total of the cash invoice a replacement takes the place of.
 */
export const CASH_MOVEMENTS_SQL = `SELECT i.total AS total, r.total AS replaced
  FROM invoices i LEFT JOIN invoices r ON r.id = i.replaces_id AND r.payment_method = 'TM'
 WHERE i.created_at >= @from AND i.created_at <= @to AND i.created_by = @userId AND i.payment_method = 'TM'`;

export function createShiftsRepository(db: Db) {
  const sqlite: Database.Database = db.$client;
  const movements = sqlite.prepare<
    { userId: string; from: string; to: string },
    { total: number; replaced: number | null }
  >(CASH_MOVEMENTS_SQL);
  return {
    insert: (row: typeof shifts.$inferInsert) => db.insert(shifts).values(row).run(),
    find: (id: string) => db.select().from(shifts).where(eq(shifts.id, id)).get(),
    openOf: (userId: string) =>
      db
        .select()
        .from(shifts)
        .where(and(eq(shifts.userId, userId), isNull(shifts.closedAt)))
        .get(),
    close: (id: string, values: Partial<typeof shifts.$inferInsert>) =>
      db
        .update(shifts)
        .set(values)
        .where(and(eq(shifts.id, id), isNull(shifts.closedAt)))
        .run().changes,
    ofDate: (businessDate: string, userId?: string) =>
      db
        .select()
        .from(shifts)
        .where(and(eq(shifts.businessDate, businessDate), userId === undefined ? undefined : eq(shifts.userId, userId)))
        .orderBy(asc(shifts.openedAt), asc(shifts.id))
        .all(),
    cashMovements: (userId: string, from: string, to: string): CashMovement[] =>
      movements
        .all({ userId, from, to })
        .map(({ total, replaced }) => (replaced === null ? { total } : { total, replacedTotal: replaced })),
  };
}

export type ShiftsRepository = ReturnType<typeof createShiftsRepository>;
