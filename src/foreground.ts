/**
 * Cashiers first. Background work (signing and sending invoices to the tax authority) runs on the same event
 * loop as the API; while the API is serving requests it takes at most a fixed share of the loop, and the
 * rest of its work waits for a quieter moment. When nobody is at the till it runs flat out.
 */
import { performance } from 'node:perf_hooks';

/** The API counts as busy this long after its last request started or ended. */
const QUIET_AFTER_MS = 100;
/**
 * While the API is busy, background work gets 1 ms of the loop for every 9 ms it leaves to requests. A
 * quarter had cost the tills' p99 a fifth more behind a backlog of 100,000 invoices being transmitted; a
 * tenth left it where it is with an idle queue, and sent as many invoices (docs/performance.md): what paces
 * a transmission is the signing thread and the authority, not the loop.
 */
const BUSY_SHARE = 0.1;

export interface Foreground {
  /** A request started or ended. */
  touch(): void;
  busy(): boolean;
  /** How long since the last request started or ended, in ms. */
  quietFor(): number;
  /**
   * Called by background work after a slice that took `spentMs`: resolves on the next turn of the loop
   * when the API is quiet, or after a pause that keeps the background within its share while it is busy.
   */
  yieldAfter(spentMs: number): Promise<void>;
}

export function createForeground(now: () => number = () => performance.now()): Foreground {
  let lastTouch = Number.NEGATIVE_INFINITY;
  const busy = () => now() - lastTouch < QUIET_AFTER_MS;
  return {
    touch() {
      lastTouch = now();
    },
    busy,
    quietFor: () => now() - lastTouch,
    yieldAfter(spentMs) {
      if (!busy()) return new Promise((resolve) => setImmediate(resolve));
      const pauseMs = Math.max(1, (spentMs * (1 - BUSY_SHARE)) / BUSY_SHARE);
      return new Promise((resolve) => setTimeout(resolve, pauseMs));
    },
  };
}
