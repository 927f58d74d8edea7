import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { scheduledIssues } from './auto-issue.table.js';

export type ScheduledIssueRow = typeof scheduledIssues.$inferSelect;

export function createAutoIssueRepository(db: Db) {
  const byOrder = db
    .select()
    .from(scheduledIssues)
    .where(eq(scheduledIssues.orderId, sql.placeholder('orderId')))
    .prepare();
  const due = db
    .select()
    .from(scheduledIssues)
    .where(and(eq(scheduledIssues.state, 'pending'), lte(scheduledIssues.dueAt, sql.placeholder('now'))))
    .orderBy(asc(scheduledIssues.dueAt), asc(scheduledIssues.orderId))
    .limit(sql.placeholder('limit'))
    .prepare();
  const pending = db.select({ n: count() }).from(scheduledIssues).where(eq(scheduledIssues.state, 'pending')).prepare();
  return {
    /** The order id is the key: an order already scheduled stays as it is. */
    schedule(row: ScheduledIssueRow): void {
      db.insert(scheduledIssues).values(row).onConflictDoNothing().run();
    },
    find: (orderId: string): ScheduledIssueRow | undefined => byOrder.get({ orderId }),
    due: (now: string, limit: number): ScheduledIssueRow[] => due.all({ now, limit }),
    /** Orders waiting for their automatic invoice (the report summary counts them as pending invoices). */
    pendingCount: (): number => pending.get()?.n ?? 0,
    save(orderId: string, changes: Partial<ScheduledIssueRow>): void {
      db.update(scheduledIssues).set(changes).where(eq(scheduledIssues.orderId, orderId)).run();
    },
  };
}

export type AutoIssueRepository = ReturnType<typeof createAutoIssueRepository>;
