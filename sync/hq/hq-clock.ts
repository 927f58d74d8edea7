/**
 * Headquarters' hybrid logical clock, kept in its database so that a restart (or a wall clock set back)
 * never issues a value below one already issued or seen. Call inside the transaction that uses the value.
 */
import type { Clock } from '../../src/clock.js';
import { formatHlc, parseHlc, receiveHlc, tickHlc } from '../hlc.js';
import type { HqStore } from './hq-store.js';

/** HQ's node id in its clock values; stores use their store id. */
export const HQ_HLC_NODE = 'hq';

export function createHqClock(store: HqStore, clock: Clock) {
  const last = () => {
    const saved = store.lastHlc();
    return saved === undefined ? undefined : parseHlc(saved);
  };
  return {
    /** A value for an edit made at HQ: greater than every value issued or seen so far. */
    tick(): string {
      const hlc = formatHlc(tickHlc(last(), clock.now().getTime(), HQ_HLC_NODE));
      store.saveHlc(hlc);
      return hlc;
    },
    /** Moves past a store's value, so that HQ's next edit orders after that store's edit. */
    observe(remote: string): void {
      store.saveHlc(formatHlc(receiveHlc(last(), parseHlc(remote), clock.now().getTime(), HQ_HLC_NODE)));
    },
  };
}

export type HqClock = ReturnType<typeof createHqClock>;
