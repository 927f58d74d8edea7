import type Database from 'better-sqlite3';

/**
 * Runs `work` in one write transaction, taking the write lock at BEGIN so that two writers never deadlock
 * upgrading a read lock. Nested calls become savepoints. `work` is synchronous by design: nothing may await
 * while a transaction is open.
 */
export function inTransaction<T>(sqlite: Database.Database, work: () => T): T {
  if (sqlite.inTransaction) return sqlite.transaction(work)();
  return sqlite.transaction(work).immediate();
}
