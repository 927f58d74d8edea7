/**
 * Transactions of the PostgreSQL HqStore: one pooled connection inside BEGIN … COMMIT, run again from the start
 * after a serialization failure, a deadlock or a lost race; the database out of reach answers 503.
 */
import type pg from 'pg';
import type { HqStore } from '../hq-store.js';
import { databaseUnavailable, isRetryable, isUnreachable } from './pg-errors.js';

const TRANSACTION_ATTEMPTS = 6;

/** Every method: a database out of reach becomes the 503 AppError, anything else is left as it is. */
export function answeringUnavailable<T extends object>(methods: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        throw isUnreachable(error) ? databaseUnavailable() : error;
      }
    };
  }
  return wrapped as T;
}

export async function inTransaction<T>(
  pool: pg.Pool,
  methodsOn: (client: pg.PoolClient) => Omit<HqStore, 'transaction'>,
  work: (tx: HqStore) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw isUnreachable(error) ? databaseUnavailable() : error;
    }
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const methods = methodsOn(client);
      const tx: HqStore = { ...methods, transaction: (inner) => inner(tx) };
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      if (isUnreachable(error)) {
        broken ??= error as Error;
        throw databaseUnavailable();
      }
      if (attempt < TRANSACTION_ATTEMPTS && isRetryable(error)) continue;
      throw error;
    } finally {
      // A connection that failed mid-transaction is closed rather than handed to the next request.
      client.release(broken);
    }
  }
}
