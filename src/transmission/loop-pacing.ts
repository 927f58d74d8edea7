/**
 * How the TDiep worker shares the event loop with the cashiers: it counts the time it holds the loop
 * (parsing, building, bookkeeping; signing and the network wait are not on the loop) and gives way once it
 * has held it for a slice (foreground.ts paces the giving way).
 */
import { performance } from 'node:perf_hooks';

export interface LoopPacing {
  /** Runs `work`, counting its time as held. */
  holding<T>(work: () => T): T;
  /** Gives way now, handing over the time held since the last time. */
  giveWay(): Promise<void>;
  /** Gives way once the time held reaches the slice. */
  paced(): Promise<void>;
}

export function createLoopPacing(yieldAfter: (heldMs: number) => Promise<void>, sliceMs: number): LoopPacing {
  let heldMs = 0;
  const giveWay = async () => {
    const held = heldMs;
    heldMs = 0;
    await yieldAfter(held);
  };
  return {
    holding<T>(work: () => T): T {
      const start = performance.now();
      try {
        return work();
      } finally {
        heldMs += performance.now() - start;
      }
    },
    giveWay,
    async paced() {
      if (heldMs >= sliceMs) await giveWay();
    },
  };
}
