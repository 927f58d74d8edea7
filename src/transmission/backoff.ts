/** Retry timing and the circuit breaker of the transmission worker: pure, the clock and randomness passed in. */

export const BASE_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 10 * 60_000;
/**
 * The least a retry waits, whatever the failure and whatever the configured base: a package the authority
 * refused at once was sent again about 45 times a second with nothing to wait for (docs/security.md, F1).
 */
export const MIN_RETRY_MS = 1_000;

/**
 * Exponential backoff with "equal jitter": half fixed, half random, so a recovering authority is not stampeded.
 * The base is configurable (HOADON_TRANSMIT_RETRY_BASE_MS) so that process tests need not wait seconds.
 */
export function retryDelayMs(attempts: number, random: number, baseMs = BASE_DELAY_MS): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(MIN_RETRY_MS, Math.round(ceiling / 2 + (ceiling / 2) * random));
}

export interface BreakerState {
  consecutiveFailures: number;
  openUntil: number;
}

export const BREAKER_THRESHOLD = 5;
export const BREAKER_OPEN_MS = 30_000;

export function afterFailure(state: BreakerState, now: number): BreakerState {
  const consecutiveFailures = state.consecutiveFailures + 1;
  return {
    consecutiveFailures,
    openUntil: consecutiveFailures >= BREAKER_THRESHOLD ? now + BREAKER_OPEN_MS : state.openUntil,
  };
}

export const afterSuccess = (): BreakerState => ({ consecutiveFailures: 0, openUntil: 0 });

/** Offline while the breaker is open: the worker then only tries one message per opening (a probe). */
export const isOffline = (state: BreakerState, now: number) => state.openUntil > now;
