/**
 * One sync pass at a time per data directory (sync.table.ts, sync_lease): taken in a write transaction, so
 * two processes asking at once see each other; renewed while the pass runs; given back when it ends. A lease
 * left by a killed process is free at once (its pid is gone), one left by a hung one when `until` passes.
 */

import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';

/** How long a lease lasts without renewal; the holder renews it well before. */
export const LEASE_MS = 2 * 60 * 1000;
const RENEW_EVERY_MS = LEASE_MS / 4;

/** Whether a process of this machine still runs (EPERM: it does, under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface HeldLease {
  release(): void;
}

export function createSyncLease(deps: { sqlite: Database.Database; clock: Clock; pid?: number }) {
  const { sqlite, clock } = deps;
  const pid = deps.pid ?? process.pid;
  const holder = sqlite.prepare<[], { owner: string; pid: number; until: string }>(
    'SELECT owner, pid, until FROM sync_lease WHERE id = 1',
  );
  const take = sqlite.prepare<[string, number, string]>(
    `INSERT INTO sync_lease (id, owner, pid, until) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, until = excluded.until`,
  );
  const renew = sqlite.prepare<[string, string]>('UPDATE sync_lease SET until = ? WHERE id = 1 AND owner = ?');
  const give = sqlite.prepare<[string]>('DELETE FROM sync_lease WHERE id = 1 AND owner = ?');
  const until = () => new Date(clock.now().getTime() + LEASE_MS).toISOString();

  return {
    /** The lease, or the pid of the live process that holds it. */
    acquire(): { lease: HeldLease } | { heldBy: number } {
      const owner = randomUUID();
      const held = inTransaction(sqlite, () => {
        const current = holder.get();
        const live =
          current !== undefined && Date.parse(current.until) > clock.now().getTime() && processAlive(current.pid);
        if (live) return current.pid;
        take.run(owner, pid, until());
        return undefined;
      });
      if (held !== undefined) return { heldBy: held };
      const timer = setInterval(() => renew.run(until(), owner), RENEW_EVERY_MS);
      timer.unref();
      return {
        lease: {
          release() {
            clearInterval(timer);
            give.run(owner);
          },
        },
      };
    },
  };
}

export type SyncLease = ReturnType<typeof createSyncLease>;
