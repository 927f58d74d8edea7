/**
 * Storage: the opened database, its one group commit, the checkpoint thread, the storage health /health
 * reports, the data generation the answer cache follows, and the memory given back after a rush.
 */

import { getHeapStatistics } from 'node:v8';
import { createCheckpointThread } from '../db/checkpoint-thread.js';
import { dataGeneration } from '../db/data-generation.js';
import type { OpenedDatabase } from '../db/open.js';
import { createStorageHealth } from '../db/storage-health.js';
import { createWalSync } from '../db/wal-sync.js';
import { createWriteQueue } from '../db/write-queue.js';
import { createForeground } from '../foreground.js';
import { createMemoryGiveBack, fullCollection } from '../memory-give-back.js';
import type { NodeContext } from './context.js';

export interface StorageDeps {
  database: OpenedDatabase;
}

export function createStorage({ clock }: NodeContext, { database }: StorageDeps) {
  const { db, sqlite } = database;
  const foreground = createForeground();
  const storageHealth = createStorageHealth(clock);
  const checkpoints = createCheckpointThread(sqlite, database.path);
  return {
    db,
    sqlite,
    path: database.path,
    foreground,
    generation: dataGeneration(sqlite),
    memory: createMemoryGiveBack({
      quietMs: foreground.quietFor,
      heapBytes: () => getHeapStatistics().total_heap_size,
      collect: fullCollection(),
      shrinkDatabases: () => sqlite.pragma('shrink_memory'),
    }),
    storageHealth,
    checkpoints,
    // The one group commit of the node: requests' writes and background state changes share its fsync.
    writes: createWriteQueue(sqlite, {
      onCommitted: () => {
        storageHealth.succeeded();
        checkpoints.committed();
      },
      syncWal: createWalSync(database.path),
    }),
  };
}

export type Storage = ReturnType<typeof createStorage>;
