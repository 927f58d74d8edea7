/**
 * Slows password guessing: after too many failed logins in a window, further attempts for that username
 * (or from that address) get 429 until the window passes. In memory: one node process owns its users, and
 * a restart forgetting the counters costs an attacker a restart of the shop's machine.
 */
import type { Clock } from '../clock.js';

export interface ThrottleLimits {
  perUsername: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perUsername: 5, perAddress: 20, windowSeconds: 15 * 60 };

/** Past this many tracked keys, expired ones are swept so that a scan from many addresses cannot grow memory. */
const MAX_TRACKED = 10_000;

interface Failures {
  count: number;
  firstAt: number;
}

export function createLoginThrottle(clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE) {
  const failures = new Map<string, Failures>();
  const windowMs = limits.windowSeconds * 1000;

  const current = (key: string): Failures | undefined => {
    const entry = failures.get(key);
    if (entry && clock.now().getTime() - entry.firstAt >= windowMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  const secondsLeft = (entry: Failures) =>
    Math.max(1, Math.ceil((entry.firstAt + windowMs - clock.now().getTime()) / 1000));
  const keys = (username: string, address: string) =>
    [
      [`user:${username.toLowerCase()}`, limits.perUsername],
      [`addr:${address}`, limits.perAddress],
    ] as const;

  return {
    /** Seconds to wait when blocked, otherwise undefined. */
    blockedFor(username: string, address: string): number | undefined {
      for (const [key, limit] of keys(username, address)) {
        const entry = current(key);
        if (entry && entry.count >= limit) return secondsLeft(entry);
      }
      return undefined;
    },
    recordFailure(username: string, address: string): void {
      if (failures.size > MAX_TRACKED) for (const key of [...failures.keys()]) current(key);
      for (const [key] of keys(username, address)) {
        const entry = current(key);
        if (entry) entry.count += 1;
        else failures.set(key, { count: 1, firstAt: clock.now().getTime() });
      }
    },
    recordSuccess(username: string): void {
      failures.delete(`user:${username.toLowerCase()}`);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
