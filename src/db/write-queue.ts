/**
 * Group commit. Requests that arrive in the same turn of the event loop are written in one SQLite
 * transaction — each in its own savepoint, so one refusal does not undo the others — and acknowledged
 * together after that transaction's COMMIT returns. With synchronous=FULL a commit costs an fsync; sharing
 * it among concurrent cashiers keeps the guarantee (nobody is answered before their data is on disk) and
 * removes the per-request fsync from the hot path.
 */
import type Database from 'better-sqlite3';

interface Job {
  work: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface WriteQueue {
  run<T>(work: () => T): Promise<T>;
}

export function createWriteQueue(sqlite: Database.Database, onCommitted: () => void = () => {}): WriteQueue {
  let pending: Job[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const jobs = pending;
    pending = [];
    const outcomes: Outcome[] = [];
    try {
      sqlite
        .transaction(() => {
          for (const job of jobs) {
            try {
              // A nested better-sqlite3 transaction is a savepoint: released on success, rolled back on throw.
              outcomes.push({ ok: true, value: sqlite.transaction(job.work)() });
            } catch (error) {
              // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then the jobs
              // already done in this batch are undone too, and all of them must hear about it.
              if (!sqlite.inTransaction) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    onCommitted();
    jobs.forEach((job, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
