/**
 * WAL checkpoints on a thread of their own. SQLite's automatic checkpoint runs inside the COMMIT that takes
 * the WAL past 1,000 pages, on the committing connection: at a million invoices a group commit of about
 * twenty invoices writes about 2,000 pages, so nearly every COMMIT also copied its pages into the database
 * file and fsynced it, on the event loop (a tenth of it under the POST load, docs/performance.md). Here the
 * node's connection leaves checkpoints to this thread, which copies what the group commits wrote (at most
 * every CHECKPOINT_SPACING_MS) while the loop serves the next requests; the copy is the same PASSIVE checkpoint with the same fsyncs, from a
 * second connection, as SQLite's WAL design allows.
 *
 * The thread starts at the first commit and stops after a while with nothing to do. While it is not running,
 * or if it falls behind, the node's connection still checkpoints by itself once the WAL reaches
 * WAL_BACKSTOP_PAGES, so the WAL stays bounded. A thread that dies is not started again: the node's
 * connection goes back to SQLite's own automatic checkpoint.
 */

import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { sqliteAddonPath } from './native-binding.js';

/** Built by scripts/build.mjs (and into the executable by scripts/build-binary.mjs) from checkpoint.worker.ts. */
export const CHECKPOINT_WORKER_SCRIPT = 'dist/checkpoint-worker.cjs';

/** About 80 MB of WAL: ten large group commits behind. */
export const WAL_BACKSTOP_PAGES = 20_000;

/** SQLite's own default, for a node whose thread has died. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

/**
 * A checkpoint starts at most this long after the one before: each one fsyncs the WAL and the database file,
 * and one per group commit (twenty a second at a shop's tills, more under a rush) had the tills' own WAL fsync
 * wait behind them and the loop post a message per commit (docs/performance.md). The pages of the commits
 * between wait in the WAL, where they are as safe.
 */
export const CHECKPOINT_SPACING_MS = 200;

/** Alive, the thread holds a few MB; a shop writes in bursts. Starting it again costs a few milliseconds. */
const IDLE_STOP_MS = 30_000;

export interface CheckpointThreadData {
  path: string;
  addonPath: string;
}

export type CheckpointRequest = 'checkpoint' | 'stop';

export interface CheckpointThread {
  /** Call after a commit: a checkpoint follows, after the one running if any. */
  committed(): void;
  /** Whether the thread is alive now. */
  running(): boolean;
  /** Checkpoints finished since the node started (a failed one included: the next copies what it left). */
  finished(): number;
  /** Stops the thread, after the checkpoint running if any. */
  close(): Promise<void>;
}

export function createCheckpointThread(
  sqlite: Database.Database,
  path: string,
  options: { idleStopMs?: number; spacingMs?: number } = {},
): CheckpointThread {
  const idleStopMs = options.idleStopMs ?? IDLE_STOP_MS;
  const spacingMs = options.spacingMs ?? CHECKPOINT_SPACING_MS;
  sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  let script: string | undefined;
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let inFlight = false;
  let again = false;
  let finished = 0;
  /** Closed, or the thread died: no thread is started again. */
  let ended = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  /** The next checkpoint, waiting for the spacing since the last one. */
  let spacedTimer: NodeJS.Timeout | undefined;

  function stop(): Promise<void> {
    clearTimeout(idleTimer);
    worker?.postMessage('stop' satisfies CheckpointRequest);
    worker = undefined;
    return exited;
  }

  function start(): Worker {
    script ??= readAsset(CHECKPOINT_WORKER_SCRIPT);
    const data: CheckpointThreadData = { path, addonPath: sqliteAddonPath() };
    // A checkpoint copies pages inside SQLite; the thread's JavaScript needs next to no heap.
    const started = new Worker(script, {
      eval: true,
      workerData: data,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
    });
    // Never what keeps a finished command (or a test) alive.
    started.unref();
    started.on('message', () => {
      finished += 1;
      inFlight = false;
      if (worker !== started) return;
      if (again) requestSpaced();
      else idleTimer = setTimeout(() => void stop(), idleStopMs).unref();
    });
    // The error is the exit below; what it says is of no use to the node, whose connection takes over.
    started.on('error', () => {});
    exited = new Promise((resolve) => {
      started.once('exit', () => {
        if (worker === started) {
          worker = undefined;
          ended = true;
          if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        }
        inFlight = false;
        resolve();
      });
    });
    return started;
  }

  function request(): void {
    again = false;
    inFlight = true;
    lastRequestAt = performance.now();
    clearTimeout(idleTimer);
    worker ??= start();
    worker.postMessage('checkpoint' satisfies CheckpointRequest);
  }

  /** A checkpoint now, or once the spacing since the last one has passed. */
  function requestSpaced(): void {
    if (spacedTimer) return;
    const wait = lastRequestAt + spacingMs - performance.now();
    if (wait <= 0) {
      request();
      return;
    }
    spacedTimer = setTimeout(() => {
      spacedTimer = undefined;
      if (!ended) request();
    }, wait).unref();
  }

  return {
    committed(): void {
      if (ended) return;
      if (inFlight) again = true;
      else requestSpaced();
    },
    running: () => worker !== undefined,
    finished: () => finished,
    close(): Promise<void> {
      ended = true;
      clearTimeout(spacedTimer);
      return stop();
    },
  };
}
