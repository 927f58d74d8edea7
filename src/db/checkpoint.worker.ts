/**
 * The checkpoint thread's own script (see checkpoint-thread.ts): bundled on its own as
 * `dist/checkpoint-worker.cjs`, with better-sqlite3's JavaScript inside; the addon is loaded from the file
 * the node gives.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointRequest, CheckpointThreadData } from './checkpoint-thread.js';
import { workerDatabaseOpener } from './worker-database.js';

const port = parentPort;
if (!port) throw new Error('checkpoint.worker runs on a worker thread only');

const { path, addonPath } = workerData as CheckpointThreadData;
const openDatabase = workerDatabaseOpener(addonPath);

/**
 * A connection for each checkpoint, closed at once: between checkpoints the thread holds nothing open, so it
 * can be stopped at any time without leaving a connection behind in the process. Opening one costs far less
 * than the checkpoint it serves.
 */
function checkpoint(): void {
  const db = openDatabase(path);
  try {
    // The database file is fsynced after the pages are copied, and the WAL before: as on the node's connection.
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}

port.on('message', (request: CheckpointRequest) => {
  if (request === 'stop') {
    port.close();
    return;
  }
  try {
    checkpoint();
  } catch {
    // A checkpoint that failed (the disk, most likely, which the node's writes report themselves) leaves its
    // pages in the WAL, where they stay safe; the next checkpoint or the node's own backstop copies them.
  }
  port.postMessage('done');
});
