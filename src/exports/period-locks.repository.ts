/** The SQL of declared months' locks (period-locks.table.ts), on the node's connection. */
import type Database from 'better-sqlite3';
import type { LockRow } from './ledger.repository.js';

export type LockSummary = Omit<LockRow, 'frozen'>;

export function createPeriodLocksRepository(sqlite: Database.Database) {
  const get = sqlite.prepare<[string], LockSummary>(
    'SELECT month, locked_at AS lockedAt, locked_by AS lockedBy FROM period_locks WHERE month = ?',
  );
  const list = sqlite.prepare<[], LockSummary>(
    'SELECT month, locked_at AS lockedAt, locked_by AS lockedBy FROM period_locks ORDER BY month DESC',
  );
  const insertLock = sqlite.prepare<[string, string, string, string]>(
    'INSERT INTO period_locks (month, locked_at, locked_by, frozen) VALUES (?, ?, ?, ?)',
  );
  const insertEntry = sqlite.prepare<[string, string, number, string, string]>(
    'INSERT INTO period_lock_entries (month, tax_group, seq, issue_date, entry) VALUES (?, ?, ?, ?, ?)',
  );
  const deleteLock = sqlite.prepare<[string]>('DELETE FROM period_locks WHERE month = ?');
  const deleteEntries = sqlite.prepare<[string]>('DELETE FROM period_lock_entries WHERE month = ?');
  return {
    get: (month: string): LockSummary | undefined => get.get(month),
    list: (): LockSummary[] => list.all(),
    insertLock: (row: LockRow) => void insertLock.run(row.month, row.lockedAt, row.lockedBy, row.frozen),
    insertEntry: (month: string, group: string, seq: number, issueDate: string, entry: string) =>
      void insertEntry.run(month, group, seq, issueDate, entry),
    delete(month: string) {
      deleteEntries.run(month);
      deleteLock.run(month);
    },
  };
}

export type PeriodLocksRepository = ReturnType<typeof createPeriodLocksRepository>;
