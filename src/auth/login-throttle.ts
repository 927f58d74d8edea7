/**
 * Slows password guessing without letting one person lock out another. Failures count per (username,
 * address): after a few free tries each further one must wait twice as long as the last, up to a ceiling,
 * so a guesser at one address never delays the real user at the till. An address also has a cap on failures
 * across usernames (a scan of the users). The attempt is reserved before the password is verified: parallel
 * guesses see each other's reservations, so 40 at once are not all checked. In memory: one node process owns
 * its users, and a restart forgetting the counters costs an attacker a restart of the shop's machine.
 */
import type { Clock } from '../clock.js';

export interface ThrottleLimits {
  /** Failures of a (username, address) answered without delay. */
  freeAttempts: number;
  /** The longest wait between two attempts of a (username, address). */
  maxDelaySeconds: number;
  /** Failures from one address, across usernames, within the window. */
  perAddress: number;
  /** Counters are forgotten this long after their last attempt. */
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  freeAttempts: 3,
  maxDelaySeconds: 15 * 60,
  perAddress: 30,
  // Longer than the longest delay: a pair's count survives its own wait, so the delays keep doubling.
  windowSeconds: 60 * 60,
};

/** Past this many tracked keys, expired ones are swept so that a scan from many addresses cannot grow memory. */
const MAX_TRACKED = 10_000;

interface Counter {
  failures: number;
  lastAt: number;
  /** No attempt before this instant (ms). */
  nextAt: number;
}

export interface LoginAttempt {
  succeeded(): void;
}

export type Reservation = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number };

export function createLoginThrottle(clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE) {
  const counters = new Map<string, Counter>();
  const windowMs = limits.windowSeconds * 1000;
  const now = () => clock.now().getTime();

  const current = (key: string, at: number): Counter | undefined => {
    const counter = counters.get(key);
    if (counter && at - counter.lastAt >= windowMs) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  const counter = (key: string, at: number): Counter => {
    let found = current(key, at);
    if (!found) {
      if (counters.size > MAX_TRACKED) for (const known of [...counters.keys()]) current(known, at);
      found = { failures: 0, lastAt: at, nextAt: at };
      counters.set(key, found);
    }
    return found;
  };
  const delayMs = (failures: number) =>
    failures < limits.freeAttempts ? 0 : Math.min(2 ** (failures - limits.freeAttempts), limits.maxDelaySeconds) * 1000;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    /**
     * Counts this attempt as a failure before the password is checked, or refuses it with the seconds to wait.
     * A success gives the reservation back.
     */
    reserve(username: string, address: string): Reservation {
      const at = now();
      const pairKey = `pair:${username.normalize('NFC').toLowerCase()}\n${address}`;
      const addressKey = `addr:${address}`;
      const known = current(pairKey, at);
      if (known && known.nextAt > at) return { ok: false, retryAfterSeconds: seconds(known.nextAt - at) };
      const byAddress = counter(addressKey, at);
      // Checked before a pair is tracked: a blocked address naming new usernames adds nothing to memory.
      if (byAddress.failures >= limits.perAddress)
        return { ok: false, retryAfterSeconds: seconds(byAddress.lastAt + windowMs - at) };
      const pair = known ?? counter(pairKey, at);
      pair.failures += 1;
      pair.lastAt = at;
      pair.nextAt = at + delayMs(pair.failures);
      byAddress.failures += 1;
      byAddress.lastAt = at;
      return {
        ok: true,
        attempt: {
          succeeded() {
            counters.delete(pairKey);
            byAddress.failures = Math.max(0, byAddress.failures - 1);
          },
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
