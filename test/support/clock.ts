import type { Clock } from '../../src/clock.js';

/** A clock the test moves by hand. */
export function testClock(start: string | Date = '2026-03-15T03:00:00.000Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (instant: string | Date) => {
      now = new Date(instant).getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  } satisfies Clock & Record<string, unknown>;
}
