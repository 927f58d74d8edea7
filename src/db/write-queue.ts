/**
 * Group commit. Requests that arrive in the same turn of the event loop are written in one SQLite
 * transaction — each in its own savepoint, so one refusal does not undo the others — and acknowledged
 * together once that transaction is on disk. Sharing the fsync among concurrent cashiers keeps the guarantee
 * (nobody is answered before their data is on disk) and removes the per-request fsync from the hot path.
 *
 * With a `syncWal` (the store node's, src/db/wal-sync.ts) the fsync also leaves the event loop: the batch
 * commits with synchronous=NORMAL, which writes the WAL without syncing it, and its jobs are answered once
 * `syncWal` has fsynced the WAL on libuv's thread pool. The loop parses the next requests meanwhile (at a
 * million invoices it had sat ~2 ms in every COMMIT's fsync, docs/performance.md), and commits them once
 * the fsync is done. Every other transaction on the connection keeps synchronous=FULL.
 */
import type Database from 'better-sqlite3';
import type { WalSync } from './wal-sync.js';

interface Job {
  work: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Committed, waiting for the WAL's fsync: what to do once it is done, or has failed. */
interface SyncWaiter {
  synced(): void;
  failed(error: unknown): void;
}

export interface WriteQueue {
  run<T>(work: () => T): Promise<T>;
  /** Resolves once everything committed so far is on disk (at once when nothing waits for an fsync). */
  durable(): Promise<void>;
  /** Waits for the fsync in flight, then lets the WAL sync go; call when nothing more is written. */
  close(): Promise<void>;
}

export interface WriteQueueOptions {
  /** Called after each COMMIT (before its fsync when `syncWal` is given). */
  onCommitted?: () => void;
  /** Fsyncs the database's WAL; when given, batches commit without syncing and wait for it. */
  syncWal?: WalSync;
}

/** What a job whose data could not be made durable hears: a storage error, answered 503. */
function walSyncFailed(cause: unknown): Error {
  return Object.assign(new Error('The WAL could not be synced to disk', { cause }), { code: 'SQLITE_IOERR_FSYNC' });
}

export function createWriteQueue(sqlite: Database.Database, options: WriteQueueOptions = {}): WriteQueue {
  const { onCommitted = () => {}, syncWal } = options;
  let pending: Job[] = [];
  let scheduled = false;
  /** Who waits for the fsync in flight, if one is. */
  let syncing: SyncWaiter[] | undefined;
  const unsyncedCommits = syncWal && sqlite.prepare('PRAGMA synchronous = NORMAL');
  const syncedCommits = syncWal && sqlite.prepare('PRAGMA synchronous = FULL');

  /**
   * While an fsync runs, new requests wait for it to end rather than commit beside it: they could not be
   * answered before its end anyway, and one batch after it costs one COMMIT and one fsync, not several.
   */
  function schedule(): void {
    if (scheduled || syncing || pending.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  function afterCommit(waiter: SyncWaiter): void {
    if (!syncWal) {
      waiter.synced();
      return;
    }
    const waiters = [waiter];
    syncing = waiters;
    // The fsync is over before its waiters hear it: a writer that asks durable() as soon as its answer
    // arrives (a GET that wrote, through onSend) must not join a list already answered, and wait for ever.
    syncWal
      .sync()
      .then(
        () => {
          syncing = undefined;
          for (const each of waiters) each.synced();
        },
        (error: unknown) => {
          syncing = undefined;
          for (const each of waiters) each.failed(walSyncFailed(error));
        },
      )
      .finally(schedule);
  }

  function durable(): Promise<void> {
    const waiters = syncing;
    if (!waiters) return Promise.resolve();
    // Whether the fsync worked is for the writers to hear; a reader only waits for it.
    return new Promise((resolve) => waiters.push({ synced: resolve, failed: () => resolve() }));
  }

  function flush(): void {
    scheduled = false;
    const jobs = pending;
    pending = [];
    const outcomes: Outcome[] = [];
    unsyncedCommits?.run();
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
    } finally {
      syncedCommits?.run();
    }
    onCommitted();
    const committed: { job: Job; value: unknown }[] = [];
    jobs.forEach((job, i) => {
      const outcome = outcomes[i] as Outcome;
      // A refused job changed nothing: it needs no fsync before its answer.
      if (outcome.ok) committed.push({ job, value: outcome.value });
      else job.reject(outcome.error);
    });
    if (committed.length === 0) return;
    afterCommit({
      synced: () => {
        for (const { job, value } of committed) job.resolve(value);
      },
      failed: (error) => {
        for (const { job } of committed) job.reject(error);
      },
    });
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    durable,
    async close(): Promise<void> {
      await durable();
      syncWal?.close();
    },
  };
}
