/**
 * Headquarters' hybrid logical clock, kept in its database so that a restart (or a wall clock set back)
 * never issues a value below one already issued or seen. Call inside the transaction that uses the value.
 */
import type { Clock } from '../../src/clock.js';
import { formatHlc, parseHlc, receiveHlc, tickHlc } from '../hlc.js';
import type { HqStore } from './hq-store.js';

/** HQ's node id in its clock values; stores use their store id. */
export const HQ_HLC_NODE = 'hq';

/**
 * How far ahead of HQ's wall clock a store's value may move HQ's clock. HQ's clock is shared by every store
 * of the chain: without a bound, one store with a clock set years ahead (or a forged value) would drag
 * every later HQ edit, for every store, to that time. Beyond the bound, the store's edit still wins at its
 * own store until HQ's clock catches up; HQ's edits to the other stores are not affected.
 */
export const MAX_OBSERVED_AHEAD_MS = 24 * 3600 * 1000;

/** Each call takes the transaction (`tx`) the value is used in: the clock row is held until it commits. */
/**
 * A store edit stamped further ahead than the bound is not applied at HQ (its record is kept): a store clock
 * in 2099, by malice or a dead CMOS battery, would otherwise win against every later edit made at HQ.
 */
export const isBeyondSkew = (hlc: string, nowMs: number): boolean =>
  parseHlc(hlc).wallMs > nowMs + MAX_OBSERVED_AHEAD_MS;

export function createHqClock(clock: Clock) {
  const last = async (tx: HqStore) => {
    const saved = await tx.lastHlc();
    return saved === undefined ? undefined : parseHlc(saved);
  };
  return {
    /** A value for an edit made at HQ: greater than every value issued or seen so far. */
    async tick(tx: HqStore): Promise<string> {
      const hlc = formatHlc(tickHlc(await last(tx), clock.now().getTime(), HQ_HLC_NODE));
      await tx.saveHlc(hlc);
      return hlc;
    },
    /** Moves past a store's value (up to the bound), so that HQ's next edit orders after that store's edit. */
    async observe(tx: HqStore, remote: string): Promise<void> {
      const nowMs = clock.now().getTime();
      const seen = parseHlc(remote);
      const bound = nowMs + MAX_OBSERVED_AHEAD_MS;
      const counted = seen.wallMs > bound ? { ...seen, wallMs: bound, counter: 0 } : seen;
      await tx.saveHlc(formatHlc(receiveHlc(await last(tx), counted, nowMs, HQ_HLC_NODE)));
    },
  };
}

export type HqClock = ReturnType<typeof createHqClock>;
