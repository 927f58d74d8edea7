/**
 * Fsyncs a database's WAL on libuv's thread pool, for the group commit (src/db/write-queue.ts). fsync is
 * per file, not per descriptor: syncing a descriptor of our own makes durable what SQLite's connection wrote
 * into the WAL. The WAL lives as long as the node's connection is open, so one descriptor serves the
 * node's life; it is opened at the first sync, when the WAL surely exists.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';

export interface WalSync {
  sync(): Promise<void>;
  close(): void;
}

export function createWalSync(databasePath: string): WalSync {
  let fd: number | undefined;
  return {
    sync: () =>
      new Promise((resolve, reject) => {
        try {
          fd ??= openSync(`${databasePath}-wal`, 'r');
        } catch (error) {
          reject(error);
          return;
        }
        fdatasync(fd, (error) => (error ? reject(error) : resolve()));
      }),
    /** Call once no sync is in flight (the write queue's `close()` waits for it). */
    close(): void {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
