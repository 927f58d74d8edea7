/**
 * Statements prepared once. Building a drizzle query and preparing its SQL on every call costs more than
 * running it; hot paths prepare at start-up and only bind values per request.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './open.js';

const placeholders = (table: SQLiteTable) => Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, sql.placeholder(key)]));

/** INSERT of one whole row of `table`, prepared once: `.run(row)`. */
export function preparedInsert<T extends SQLiteTable>(db: Db, table: T) {
  const statement = db.insert(table).values(placeholders(table) as never).prepare();
  return (row: T['$inferSelect']): void => {
    statement.run(row as Record<string, unknown>);
  };
}

/** INSERT of one whole row, or on a conflict of `target` the replacement of every other column; prepared once. */
export function preparedUpsert<T extends SQLiteTable>(db: Db, table: T, target: SQLiteColumn[]) {
  const set = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql.raw(`excluded.\`${column.name}\``)]));
  const statement = db
    .insert(table)
    .values(placeholders(table) as never)
    .onConflictDoUpdate({ target, set: set as never })
    .prepare();
  return (row: T['$inferSelect']): void => {
    statement.run(row as Record<string, unknown>);
  };
}
