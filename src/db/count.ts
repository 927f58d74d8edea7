import { count, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './open.js';

/** Rows of `table` matching `where`, synchronously (drizzle's $count is a promise). */
export function countRows(db: Db, table: SQLiteTable, where?: SQL): number {
  return db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}
