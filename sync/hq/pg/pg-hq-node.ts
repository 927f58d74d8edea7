/**
 * Opening headquarters on PostgreSQL (`hoadon hq --database-url`): the pool, the wait for a server that is
 * not up yet, the migrations under their advisory lock, and the same services as on SQLite.
 */
import pg from 'pg';
import { type Clock, type IdGenerator, systemClock } from '../../../src/clock.js';
import { createStorageHealth } from '../../../src/db/storage-health.js';
import { createHqServices, type HqServices } from '../hq-node.js';
import { isUnreachable } from './pg-errors.js';
import { createPgHqStore } from './pg-hq-store.js';
import { migratePg } from './pg-migrate.js';

export const DEFAULT_POOL_SIZE = 10;

export interface OpenedPgHq {
  pool: pg.Pool;
  services: HqServices;
  close(): Promise<void>;
}

// bigint columns (counts, seqs, cursors) as numbers: every value HQ keeps stays far below 2^53.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function createPool(url: string, poolSize = DEFAULT_POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    // A request waits this long for a free connection (or for a server that went away), then gets a 503.
    connectionTimeoutMillis: 10_000,
    application_name: 'hoadon-hq',
  });
  // A connection dropped by a restarting server must not crash the process: an idle one is replaced by the
  // pool, a checked-out one fails its query (a 503) and is discarded when released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Waits until PostgreSQL answers, saying so while it does not (HQ may start before its database). */
export async function waitForPostgres(
  pool: pg.Pool,
  log: (line: string) => void,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1, delay = 250; ; attempt += 1, delay = Math.min(delay * 2, 5_000)) {
    try {
      await pool.query('SELECT 1');
      if (attempt > 1) log('PostgreSQL đã sẵn sàng.');
      return;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      if (options.timeoutMs !== undefined && Date.now() - started > options.timeoutMs) throw error;
      log(`Đang chờ PostgreSQL (${(error as Error).message}); thử lại sau ${delay} ms…`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Redacts the password of a connection URL for logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

export async function openPgHq(
  url: string,
  options: {
    poolSize?: number;
    clock?: Clock;
    newId?: IdGenerator;
    log?: (line: string) => void;
    waitTimeoutMs?: number;
  } = {},
): Promise<OpenedPgHq> {
  const clock = options.clock ?? systemClock;
  const pool = createPool(url, options.poolSize);
  try {
    await waitForPostgres(pool, options.log ?? (() => {}), { timeoutMs: options.waitTimeoutMs });
    await migratePg(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const store = createPgHqStore(pool);
  return {
    pool,
    services: createHqServices(store, createStorageHealth(clock), { clock, newId: options.newId }),
    close: () => pool.end(),
  };
}
