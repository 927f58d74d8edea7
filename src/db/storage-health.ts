/**
 * Whether the disk under the database accepts writes. A full, read-only or failing disk must make the
 * node say so (503 and health `degraded`) rather than half-write an invoice; SQLite's transactions already
 * guarantee the latter, this remembers the former until a write succeeds again.
 */
import type { Clock } from '../clock.js';

const STORAGE_ERROR_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOMEM)/;

/** The SQLite code of an error that means the disk or the database file cannot take writes now. */
export function storageErrorCode(error: unknown): string | undefined {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && STORAGE_ERROR_CODES.test(code) ? code : undefined;
}

export function createStorageHealth(clock: Clock) {
  let lastFailure: { at: string; code: string } | undefined;
  return {
    failed(code: string): void {
      lastFailure = { at: clock.now().toISOString(), code };
    },
    succeeded(): void {
      lastFailure = undefined;
    },
    /** The storage failure not yet followed by a successful write, if any. */
    failure: () => lastFailure,
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;
