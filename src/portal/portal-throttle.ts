/**
 * Wrong lookup codes from one address: 20 within 10 minutes, then 429 with Retry-After until the oldest
 * of them is 10 minutes old (docs/delivery.md). In memory: a restart forgets them, which costs a guesser
 * nothing a fresh address would not give.
 */
export const WRONG_LIMIT = 20;
export const WINDOW_MS = 10 * 60_000;

export function createPortalThrottle(now: () => number) {
  const wrong = new Map<string, number[]>();
  const recent = (address: string): number[] => {
    const since = now() - WINDOW_MS;
    const kept = (wrong.get(address) ?? []).filter((at) => at > since);
    if (kept.length === 0) wrong.delete(address);
    else wrong.set(address, kept);
    return kept;
  };
  return {
    /** Seconds to wait when the address is blocked now; undefined when it may ask. */
    blockedFor(address: string): number | undefined {
      const times = recent(address);
      if (times.length < WRONG_LIMIT) return undefined;
      return Math.max(1, Math.ceil((times[0]! + WINDOW_MS - now()) / 1000));
    },
    wrong(address: string): void {
      const times = recent(address);
      times.push(now());
      wrong.set(address, times);
      // Old addresses go at the next look; a flood of new ones is bounded by the global rate limit.
      if (wrong.size > 10_000) for (const key of wrong.keys()) if (recent(key).length === 0) wrong.delete(key);
    },
  };
}
