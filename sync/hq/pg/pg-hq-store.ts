/**
 * HqStore on PostgreSQL, shared by several HQ processes. What keeps the meaning of the SQLite store:
 * - a push is one transaction that first locks its store's row (`FOR UPDATE`): two pushes of one store, on
 *   any processes, apply one after the other, and the second sees the answer the first stored; pushes of
 *   different stores run in parallel. The primary key of push_batches (store, batch_seq) stops a second
 *   apply of a batch if anything ever got past the lock, and the transaction then runs again and answers
 *   from the stored answer;
 * - records are inserted with ON CONFLICT DO NOTHING on (store, record, version), in one statement a batch;
 * - feed appends and HQ's clock take transaction-level advisory locks, so cursors commit in order and the
 *   clock only moves forward.
 * A transaction that fails with a serialization failure, a deadlock or a lost race runs again from the start;
 * the database out of reach answers 503 (pg-errors.ts).
 */
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { FeedItem, FeedKind, PushAnswer } from '../../protocol.js';
import type {
  HqStore,
  InvoiceCursor,
  InvoiceFilter,
  HeldInvoice,
  MstEntry,
  ProjectedInvoice,
  ReceivedRecord,
  RevenueRow,
  SettingsEntry,
  SettingsLoser,
  StoreRow,
} from '../hq-store.js';
import { REVENUE_STATUSES, type RevenueDelta, type TaxLine } from '../revenue.js';
import { databaseUnavailable, isRetryable, isUnreachable } from './pg-errors.js';
import * as schema from './schema.js';

const { invoices } = schema;

/** Advisory lock keys (one namespace per HQ database). */
const FEED_LOCK = 0x68716664; // 'hqfd'
const HLC_LOCK = 0x68716c63; // 'hqlc'

const TRANSACTION_ATTEMPTS = 6;

const STORE_COLUMNS = `id, name, credential_hash AS "credentialHash", created_at AS "createdAt", last_push_at AS "lastPushAt",
  last_pull_at AS "lastPullAt", applied_through_seq AS "appliedThroughSeq", pull_cursor AS "pullCursor",
  invoice_count AS "invoiceCount", reported_version AS "reportedVersion", reported_pending AS "reportedPending",
  previous_credential_hash AS "previousCredentialHash", previous_credential_until AS "previousCredentialUntil",
  disabled_at AS "disabledAt"`;

const SETTINGS_COLUMNS = `store_id AS "storeId", name, document, hlc, origin, updated_at AS "updatedAt"`;

/** As SQLite's READ_FEED_SQL: two index ranges merged in cursor order (a Merge Append), never a sort. */
export const PG_READ_FEED_SQL = `(SELECT cursor, kind, payload, at FROM feed WHERE store_id = $1 AND cursor > $2 ORDER BY cursor LIMIT $3)
  UNION ALL
  (SELECT cursor, kind, payload, at FROM feed WHERE store_id IS NULL AND cursor > $2 ORDER BY cursor LIMIT $3)
  ORDER BY cursor LIMIT $3`;

const summaryColumns = {
  storeId: invoices.storeId,
  invoiceId: invoices.invoiceId,
  version: invoices.version,
  status: invoices.status,
  mauSo: invoices.mauSo,
  kyHieu: invoices.kyHieu,
  number: invoices.number,
  issueDate: invoices.issueDate,
  buyerName: invoices.buyerName,
  buyerMst: invoices.buyerMst,
  total: invoices.total,
  createdAt: invoices.createdAt,
  receivedSeq: invoices.receivedSeq,
};

function whereOf(filter: InvoiceFilter): SQL | undefined {
  return and(
    filter.storeId ? eq(invoices.storeId, filter.storeId) : undefined,
    filter.statuses?.length ? inArray(invoices.status, filter.statuses) : undefined,
    filter.dateFrom ? gte(invoices.issueDate, filter.dateFrom) : undefined,
    filter.dateTo ? lte(invoices.issueDate, filter.dateTo) : undefined,
  );
}

type Queryable = pg.Pool | pg.PoolClient;

/**
 * A keyset page of the invoice list: one range of the index of the filter combination, read backwards from
 * the cursor (`toSQL()` gives the statement, for the plan checked by the tests).
 */
export function invoicePageQuery(
  db: NodePgDatabase<typeof schema>,
  filter: InvoiceFilter,
  after: InvoiceCursor | undefined,
  limit: number,
) {
  return db
    .select({ ...summaryColumns, rowNo: invoices.rowNo })
    .from(invoices)
    .where(
      and(
        whereOf(filter),
        after
          ? sql`(${invoices.issueDate}, ${invoices.createdAt}, ${invoices.rowNo}) < (${after.issueDate}, ${after.createdAt}, ${after.rowNo})`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.rowNo))
    .limit(limit);
}

const INVOICE_COLUMNS = `store_id, invoice_id, version, status, mau_so, ky_hieu, number, issue_date, buyer_name, buyer_mst,
  total, created_at, received_seq, tax_lines`;
const INVOICE_ARRAYS = `$1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[],
  $9::text[], $10::text[], $11::bigint[], $12::text[], $13::bigint[], $14::text[]`;

/** A batch of invoices as one array per column (one statement, whatever the batch's size). */
function invoiceArrays(list: readonly ProjectedInvoice[]): unknown[][] {
  const column = (pick: (r: ProjectedInvoice) => unknown) => list.map(pick);
  return [
    column((r) => r.storeId),
    column((r) => r.invoiceId),
    column((r) => r.version),
    column((r) => r.status),
    column((r) => r.mauSo),
    column((r) => r.kyHieu),
    column((r) => r.number),
    column((r) => r.issueDate),
    column((r) => r.buyerName),
    column((r) => r.buyerMst),
    column((r) => r.total),
    column((r) => r.createdAt),
    column((r) => r.receivedSeq),
    column((r) => JSON.stringify(r.taxLines)),
  ];
}

/**
 * Revenue per store, day and tax rate over a range of days: the date index for every store, the primary key
 * for one; a few rows per store and day whatever the number of invoices.
 */
export const PG_REVENUE_SQL = `SELECT store_id AS "storeId", issue_date AS date, tax_rate AS "taxRate",
    sum(invoices)::bigint AS invoices, sum(amount)::bigint AS amount, sum(tax_amount)::bigint AS "taxAmount"
  FROM daily_revenue
  WHERE issue_date BETWEEN $1 AND $2 AND status = ANY($3::text[]) AND ($4::text IS NULL OR store_id = $4)
  GROUP BY store_id, issue_date, tax_rate ORDER BY store_id, issue_date, tax_rate`;

const parsedDocument = <T extends { document: string }>(row: T) => ({
  ...row,
  document: JSON.parse(row.document) as Record<string, unknown>,
});

/** The store's methods over one connection (a transaction's client) or the pool (single statements). */
function methodsOn(on: Queryable): Omit<HqStore, 'transaction'> {
  const rows = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await on.query<R & pg.QueryResultRow>(text, values)).rows;
  const run = async (text: string, values: unknown[] = []): Promise<number> =>
    (await on.query(text, values)).rowCount ?? 0;
  const db = drizzle(on as pg.Pool, { schema });

  return {
    addStore: async (store) =>
      (await run(
        'INSERT INTO stores (id, name, credential_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
        [store.id, store.name, store.credentialHash, store.createdAt],
      )) === 1,
    findStore: async (id) => (await rows<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1`, [id]))[0],
    listStores: () => rows<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores ORDER BY id`),
    countStores: async () => (await rows<{ n: number }>('SELECT count(*)::int AS n FROM stores'))[0]?.n ?? 0,
    lockStore: async (id) =>
      (await rows<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 FOR UPDATE`, [id]))[0],
    rotateCredential: async (id, credentialHash, previousUntil) =>
      (await run(
        `UPDATE stores SET previous_credential_hash = credential_hash, previous_credential_until = $2,
           credential_hash = $3 WHERE id = $1`,
        [id, previousUntil, credentialHash],
      )) === 1,
    setDisabled: async (id, at) => (await run('UPDATE stores SET disabled_at = $2 WHERE id = $1', [id, at])) === 1,
    markPushed: async (storeId, appliedThroughSeq, at) => {
      await run('UPDATE stores SET applied_through_seq = $1, last_push_at = $2 WHERE id = $3', [
        appliedThroughSeq,
        at,
        storeId,
      ]);
    },
    markPulled: async (storeId, cursor, at, report) => {
      await run(
        `UPDATE stores SET pull_cursor = $2, last_pull_at = $3, reported_version = coalesce($4, reported_version),
           reported_pending = coalesce($5, reported_pending) WHERE id = $1`,
        [storeId, cursor, at, report.version ?? null, report.pending ?? null],
      );
    },

    async findBatchAnswer(storeId, batchSeq) {
      const found = await rows<{ answer: string }>(
        'SELECT answer FROM push_batches WHERE store_id = $1 AND batch_seq = $2',
        [storeId, batchSeq],
      );
      return found[0] && (JSON.parse(found[0].answer) as PushAnswer);
    },
    saveBatchAnswer: async (storeId, batchSeq, answer, at) => {
      await run('INSERT INTO push_batches (store_id, batch_seq, answer, at) VALUES ($1, $2, $3, $4)', [
        storeId,
        batchSeq,
        JSON.stringify(answer),
        at,
      ]);
    },
    purgeBatchAnswers: async (before) => {
      await run('DELETE FROM push_batches WHERE at < $1', [before]);
    },

    async insertRecords(list) {
      if (list.length === 0) return [];
      const columns = (pick: (r: (typeof list)[number]) => unknown) => list.map(pick);
      // One statement for the whole batch: the arrays travel as parameters, so nothing is spliced into SQL.
      const inserted = await rows<{ storeId: string; recordId: string; version: number }>(
        `INSERT INTO records (store_id, record_id, version, kind, seq, at, payload, received_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[])
         ON CONFLICT DO NOTHING
         RETURNING store_id AS "storeId", record_id AS "recordId", version`,
        [
          columns((r) => r.storeId),
          columns((r) => r.recordId),
          columns((r) => r.version),
          columns((r) => r.kind),
          columns((r) => r.seq),
          columns((r) => r.at),
          columns((r) => r.payload),
          columns((r) => r.receivedAt),
        ],
      );
      const fresh = new Set(inserted.map((r) => `${r.storeId}\u0000${r.recordId}\u0000${r.version}`));
      // The first of equal keys in the list is the one inserted, as row by row.
      return list.map((r) => fresh.delete(`${r.storeId}\u0000${r.recordId}\u0000${r.version}`));
    },

    readRecords: (storeId, after, limit) =>
      rows<ReceivedRecord>(
        `SELECT store_id AS "storeId", record_id AS "recordId", version, kind, seq, at, payload, received_at AS "receivedAt"
         FROM records WHERE store_id = $1 AND (record_id COLLATE "C", version) > ($2 COLLATE "C", $3)
         ORDER BY record_id COLLATE "C", version LIMIT $4`,
        [storeId, after?.recordId ?? '', after?.version ?? 0, limit],
      ),

    async heldInvoices(storeId, ids) {
      if (ids.length === 0) return [];
      const found = await rows<Omit<HeldInvoice, 'taxLines'> & { taxLines: string }>(
        `SELECT invoice_id AS "invoiceId", version, status, issue_date AS "issueDate", tax_lines AS "taxLines"
         FROM invoices WHERE store_id = $1 AND invoice_id = ANY($2::text[])`,
        [storeId, ids],
      );
      return found.map((row) => ({ ...row, taxLines: JSON.parse(row.taxLines) as TaxLine[] }));
    },

    async insertInvoices(list) {
      if (list.length === 0) return;
      await run(
        `INSERT INTO invoices (${INVOICE_COLUMNS}) SELECT * FROM unnest(${INVOICE_ARRAYS})`,
        invoiceArrays(list),
      );
      const perStore = new Map<string, number>();
      for (const invoice of list) perStore.set(invoice.storeId, (perStore.get(invoice.storeId) ?? 0) + 1);
      for (const [storeId, n] of perStore) {
        await run('UPDATE stores SET invoice_count = invoice_count + $2 WHERE id = $1', [storeId, n]);
      }
    },

    async replaceInvoices(list) {
      if (list.length === 0) return;
      await run(
        `UPDATE invoices AS i SET version = n.version, status = n.status, mau_so = n.mau_so, ky_hieu = n.ky_hieu,
           number = n.number, issue_date = n.issue_date, buyer_name = n.buyer_name, buyer_mst = n.buyer_mst,
           total = n.total, created_at = n.created_at, received_seq = n.received_seq, tax_lines = n.tax_lines
         FROM unnest(${INVOICE_ARRAYS}) AS n(${INVOICE_COLUMNS})
         WHERE i.store_id = n.store_id AND i.invoice_id = n.invoice_id`,
        invoiceArrays(list),
      );
    },

    async addRevenue(deltas) {
      if (deltas.length === 0) return;
      const column = (pick: (d: RevenueDelta) => unknown) => deltas.map(pick);
      await run(
        `INSERT INTO daily_revenue (store_id, issue_date, status, tax_rate, invoices, amount, tax_amount)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::bigint[], $6::bigint[], $7::bigint[])
         ON CONFLICT (store_id, issue_date, status, tax_rate) DO UPDATE SET
           invoices = daily_revenue.invoices + excluded.invoices, amount = daily_revenue.amount + excluded.amount,
           tax_amount = daily_revenue.tax_amount + excluded.tax_amount`,
        [
          column((d) => d.storeId),
          column((d) => d.issueDate),
          column((d) => d.status),
          column((d) => d.taxRate),
          column((d) => d.invoices),
          column((d) => d.amount),
          column((d) => d.taxAmount),
        ],
      );
    },

    revenue: ({ dateFrom, dateTo, storeId }) =>
      rows<RevenueRow>(PG_REVENUE_SQL, [dateFrom, dateTo, REVENUE_STATUSES, storeId ?? null]),

    invoicesAfter: async (filter, after, limit) => invoicePageQuery(db, filter, after, limit),

    async listInvoices(filter, limit, offset) {
      const unfiltered = !filter.statuses?.length && !filter.dateFrom && !filter.dateTo;
      // The per-store counters answer the unfiltered totals, as on SQLite.
      const total = unfiltered
        ? ((
            await rows<{ n: number }>(
              'SELECT coalesce(sum(invoice_count), 0)::bigint AS n FROM stores WHERE $1::text IS NULL OR id = $1',
              [filter.storeId ?? null],
            )
          )[0]?.n ?? 0)
        : ((await db.select({ n: count() }).from(invoices).where(whereOf(filter)))[0]?.n ?? 0);
      const found = await db
        .select(summaryColumns)
        .from(invoices)
        .where(whereOf(filter))
        .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.rowNo))
        .limit(limit)
        .offset(offset);
      return { total: Number(total), rows: found };
    },

    async findSettings(storeId, name) {
      const found = await rows<Omit<SettingsEntry, 'document'> & { document: string }>(
        `SELECT ${SETTINGS_COLUMNS} FROM settings WHERE store_id = $1 AND name = $2`,
        [storeId, name],
      );
      return found[0] && parsedDocument(found[0]);
    },
    saveSettings: async (entry) => {
      await run(
        `INSERT INTO settings (store_id, name, document, hlc, origin, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (store_id, name) DO UPDATE SET document = excluded.document, hlc = excluded.hlc,
           origin = excluded.origin, updated_at = excluded.updated_at`,
        [entry.storeId, entry.name, JSON.stringify(entry.document), entry.hlc, entry.origin, entry.updatedAt],
      );
    },
    addSettingsLoser: async (loser) => {
      await run(
        `INSERT INTO settings_losers (store_id, name, document, hlc, origin, lost_to_hlc, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [loser.storeId, loser.name, JSON.stringify(loser.document), loser.hlc, loser.origin, loser.lostToHlc, loser.at],
      );
    },
    listSettings: async (storeId) =>
      (
        await rows<Omit<SettingsEntry, 'document'> & { document: string }>(
          `SELECT ${SETTINGS_COLUMNS} FROM settings WHERE store_id = $1 ORDER BY name`,
          [storeId],
        )
      ).map(parsedDocument),
    listSettingsLosers: async (storeId, limit) =>
      (
        await rows<Omit<SettingsLoser, 'document'> & { document: string }>(
          `SELECT store_id AS "storeId", name, document, hlc, origin, lost_to_hlc AS "lostToHlc", at
           FROM settings_losers WHERE store_id = $1 ORDER BY id DESC LIMIT $2`,
          [storeId, limit],
        )
      ).map(parsedDocument),

    async lastHlc() {
      await run('SELECT pg_advisory_xact_lock($1)', [HLC_LOCK]);
      return (await rows<{ lastHlc: string }>('SELECT last_hlc AS "lastHlc" FROM hlc_clock WHERE id = 1'))[0]?.lastHlc;
    },
    saveHlc: async (hlc) => {
      await run(
        'INSERT INTO hlc_clock (id, last_hlc) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_hlc = excluded.last_hlc',
        [hlc],
      );
    },

    findMst: async (mst) =>
      (
        await rows<MstEntry>(
          `SELECT mst, name, address, first_store_id AS "firstStoreId", created_at AS "createdAt"
           FROM mst_registry WHERE mst = $1`,
          [mst],
        )
      )[0],
    addMst: async (entry) =>
      (await run(
        `INSERT INTO mst_registry (mst, name, address, first_store_id, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (mst) DO NOTHING`,
        [entry.mst, entry.name, entry.address, entry.firstStoreId, entry.createdAt],
      )) === 1,

    async upsertProducts(products, at) {
      for (const product of products) {
        await run(
          `INSERT INTO products (sku, name, unit, unit_price, tax_rate, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (sku) DO UPDATE SET name = excluded.name, unit = excluded.unit, unit_price = excluded.unit_price,
             tax_rate = excluded.tax_rate, updated_at = excluded.updated_at`,
          [product.sku, product.name, product.unit ?? null, product.unitPrice, product.taxRate, at],
        );
      }
    },

    async appendFeed(item) {
      // Held to the commit: the next append waits, so cursors commit in the order they were handed out.
      await run('SELECT pg_advisory_xact_lock($1)', [FEED_LOCK]);
      const [row] = await rows<{ cursor: number }>(
        'INSERT INTO feed (store_id, kind, payload, at) VALUES ($1, $2, $3, $4) RETURNING cursor',
        [item.storeId, item.kind, JSON.stringify(item.payload), item.at],
      );
      return (row as { cursor: number }).cursor;
    },
    readFeed: async (storeId, after, limit) =>
      (await rows<Omit<FeedItem, 'payload'> & { payload: string }>(PG_READ_FEED_SQL, [storeId, after, limit])).map(
        (row) => ({
          cursor: row.cursor,
          kind: row.kind as FeedKind,
          payload: JSON.parse(row.payload) as Record<string, unknown>,
          at: row.at,
        }),
      ),
  };
}

/** Every method: a database out of reach becomes the 503 AppError, anything else is left as it is. */
function answeringUnavailable<T extends object>(methods: T): T {
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

async function inTransaction<T>(pool: pg.Pool, work: (tx: HqStore) => Promise<T>): Promise<T> {
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

export function createPgHqStore(pool: pg.Pool): HqStore {
  return {
    ...answeringUnavailable(methodsOn(pool)),
    transaction: (work) => inTransaction(pool, work),
  };
}
