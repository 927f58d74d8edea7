/**
 * The checkpoint thread's own script (see checkpoint-thread.ts): bundled on its own as
 * `dist/checkpoint-worker.cjs`, with better-sqlite3's JavaScript inside; the addon is loaded from the file
 * the node gives.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointAnswer, CheckpointRequest, CheckpointThreadData } from './checkpoint-thread.js';

const port = parentPort;
if (!port) throw new Error('checkpoint.worker runs on a worker thread only');

const { path, addonPath } = workerData as CheckpointThreadData;
const addon = { exports: {} };
process.dlopen(addon, addonPath);

/**
 * A connection for each checkpoint, closed at once: between checkpoints the thread holds nothing open, so it
 * can be stopped at any time without leaving a connection behind in the process. Opening one costs far less
 * than the checkpoint it serves.
 */
function checkpoint(): CheckpointAnswer {
  const db = new Database(path, { fileMustExist: true, nativeBinding: addon.exports as unknown as string });
  try {
    // The database file is fsynced after the pages are copied, and the WAL before: as on the node's connection.
    db.pragma('synchronous = FULL');
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    return { walFrames: result?.log ?? 0, checkpointedFrames: result?.checkpointed ?? 0 };
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
    port.postMessage(checkpoint());
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies CheckpointAnswer);
  }
});
