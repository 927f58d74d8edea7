/**
 * Statements prepared once. Building a drizzle query and preparing its SQL on every call costs more than
 * running it; hot paths prepare at start-up and only bind values per request.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './open.js';

/** INSERT of one whole row of `table`, prepared once: `.run(row)`. */
export function preparedInsert<T extends SQLiteTable>(db: Db, table: T) {
  const values = Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, sql.placeholder(key)]));
  const statement = db.insert(table).values(values as never).prepare();
  return (row: T['$inferSelect']): void => {
    statement.run(row as Record<string, unknown>);
  };
}
