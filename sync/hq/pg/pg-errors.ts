/**
 * PostgreSQL out of reach (down, restarting, refusing connections, the pool exhausted past its wait):
 * HQ answers 503 with Retry-After, and a store's sync pass backs off and sends the same batch again.
 * Nothing of a batch commits unless the whole batch does, so a retry loses and doubles nothing.
 */
import { AppError } from '../../../src/errors.js';

/** Seconds a store is told to wait before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    503,
    `Cơ sở dữ liệu của trụ sở tạm thời không truy cập được. Không có gì bị mất; hãy gửi lại sau ${DATABASE_RETRY_AFTER_SECONDS} giây.`,
    undefined,
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

// SQLSTATE classes and codes that mean the server, not the statement: connection exceptions (08), operator
// intervention (57: shutdown, crash recovery, cannot connect now), insufficient resources (53).
const SERVER_STATES = /^(08|57P0|53)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

/** Whether an error from `pg` means the database cannot be reached now (as opposed to a wrong statement). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
    error.message,
  );
}

/** Whether a transaction that failed with this error may simply run again (serialization, deadlock, a lost race). */
export function isRetryable(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return code === '40001' || code === '40P01' || code === '23505';
}
