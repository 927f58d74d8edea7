/**
 * Memory given back after load. Under a rush V8 lets the heap grow to several times what is live before it
 * marks it, and keeps the pages once the rush is over: a node that served a busy lunch held ~300 MB all
 * afternoon on a shop PC of 4 GB that also runs the till's screen and a browser. Once the API has been quiet
 * for a while and the heap has grown since the last look, one full collection returns the garbage's pages
 * to the system and SQLite frees the cache pages it does not need (`PRAGMA shrink_memory`).
 *
 * A full collection of a heap this size takes some tens of milliseconds, so it runs only when no one is at the
 * till, at most once per quiet spell.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The API must have been quiet this long: a cashier between two customers is not "after load". */
export const QUIET_BEFORE_GIVING_BACK_MS = 5_000;
/** Heap growth since the last collection worth a full one: below this, the pages are not worth the pause. */
export const GROWTH_WORTH_GIVING_BACK = 32 * 1024 * 1024;

export interface MemoryLook {
  /** How long the API has been quiet, in ms. */
  quietMs: number;
  /** The heap's size now and right after the last give-back (bytes). */
  heapBytes: number;
  heapAfterLastGiveBack: number;
}

/** Whether now is the moment to give memory back: quiet long enough and grown enough since the last time. */
export const shouldGiveBack = (look: MemoryLook): boolean =>
  look.quietMs >= QUIET_BEFORE_GIVING_BACK_MS &&
  look.heapBytes - look.heapAfterLastGiveBack >= GROWTH_WORTH_GIVING_BACK;

/**
 * V8's full collection. Node gives it to scripts only under `--expose-gc`; setting the flag at run time
 * and reading `gc` from a fresh context is the documented way to get it without a command-line flag (the
 * single executable and `node dist/hoadon.mjs` take none).
 */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function createMemoryGiveBack(deps: {
  quietMs: () => number;
  heapBytes: () => number;
  collect: () => void;
  /** Frees the database connections' spare cache pages. */
  shrinkDatabases: () => void;
}) {
  let heapAfterLastGiveBack = deps.heapBytes();
  return {
    /** Gives memory back if the moment is right; answers whether it did. */
    tick(): boolean {
      if (!shouldGiveBack({ quietMs: deps.quietMs(), heapBytes: deps.heapBytes(), heapAfterLastGiveBack }))
        return false;
      deps.collect();
      deps.shrinkDatabases();
      heapAfterLastGiveBack = deps.heapBytes();
      return true;
    },
  };
}
