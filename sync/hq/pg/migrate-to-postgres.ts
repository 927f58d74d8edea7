/**
 * `hoadon hq migrate-to-postgres`: copies a SQLite HQ (stopped) into an empty PostgreSQL database, every
 * table and every value as it is (feed cursors and loser ids kept, so stores pull on where they were), in one
 * PostgreSQL transaction: the copy is all there or not at all. Then both sides are read again and compared
 * store by store: count of records and content hash (content-hash.ts), count of invoices.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { type ContentDigest, storeContent } from '../content-hash.js';
import type { HqStore } from '../hq-store.js';
import { createSqliteHqStore } from '../sqlite-hq-store.js';
import { createPgHqStore } from './pg-hq-store.js';
import { migratePg } from './pg-migrate.js';

/** Parent tables first. Columns are read from SQLite by name, so both schemas must agree on them. */
const TABLES = [
  'stores',
  'push_batches',
  'records',
  'invoices',
  'daily_revenue',
  'monthly_revenue',
  'settings',
  'settings_losers',
  'hlc_clock',
  'feed',
  'mst_registry',
  'products',
  'hq_users',
  'hq_sessions',
  'store_facts',
  'tax_problems',
  'invoice_lookups',
] as const;

/** Identity columns whose values are copied as they are, then continued past the highest. */
const KEPT_IDENTITIES: Partial<Record<(typeof TABLES)[number], string>> = { feed: 'cursor', settings_losers: 'id' };

const BATCH_ROWS = 1_000;

export interface StoreComparison {
  storeId: string;
  sqlite: ContentDigest & { invoices: number };
  postgres: ContentDigest & { invoices: number };
  same: boolean;
}

export type Progress = (copied: number, total: number, table: string) => void;

export class TargetNotEmptyError extends Error {}

async function copyTable(
  sqlite: Database.Database,
  client: pg.PoolClient,
  table: (typeof TABLES)[number],
  onRows: (n: number) => void,
): Promise<void> {
  // Invoices in rowid order: PostgreSQL's row_no then orders ties as SQLite's rowid did.
  const rows = sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).iterate() as IterableIterator<
    Record<string, unknown>
  >;
  const overriding = KEPT_IDENTITIES[table] ? 'OVERRIDING SYSTEM VALUE' : '';
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const columns = Object.keys(batch[0] as object);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const start = values.length;
      for (const column of columns) values.push(row[column]);
      return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await client.query(
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) ${overriding} VALUES ${tuples.join(', ')}`,
      values,
    );
    onRows(batch.length);
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
  const identity = KEPT_IDENTITIES[table];
  if (identity) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', '${identity}'), coalesce((SELECT max("${identity}") FROM ${table}), 0) + 1, false)`,
    );
  }
}

async function digestOf(store: HqStore, storeId: string): Promise<ContentDigest & { invoices: number }> {
  const content = await storeContent(store, storeId);
  return { ...content, invoices: (await store.findStore(storeId))?.invoiceCount ?? 0 };
}

/** Both sides, store by store. */
export async function compareStores(from: HqStore, to: HqStore): Promise<StoreComparison[]> {
  const comparisons: StoreComparison[] = [];
  for (const { id } of await from.listStores()) {
    const [sqlite, postgres] = [await digestOf(from, id), await digestOf(to, id)];
    const same =
      sqlite.count === postgres.count && sqlite.sha256 === postgres.sha256 && sqlite.invoices === postgres.invoices;
    comparisons.push({ storeId: id, sqlite, postgres, same });
  }
  return comparisons;
}

export async function migrateToPostgres(
  sqlite: Database.Database,
  pool: pg.Pool,
  progress: Progress = () => {},
): Promise<StoreComparison[]> {
  await migratePg(pool);
  const total = TABLES.reduce(
    (sum, table) => sum + (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    0,
  );
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const present = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM stores');
    if ((present.rows[0]?.n ?? 0) > 0) {
      throw new TargetNotEmptyError(
        'Cơ sở dữ liệu PostgreSQL đích đã có dữ liệu trụ sở: hãy dùng một cơ sở dữ liệu trống.',
      );
    }
    let copied = 0;
    for (const table of TABLES) {
      progress(copied, total, table);
      await copyTable(sqlite, client, table, (n) => {
        copied += n;
        progress(copied, total, table);
      });
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  return compareStores(createSqliteHqStore(sqlite), createPgHqStore(pool));
}
