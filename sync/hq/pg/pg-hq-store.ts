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
import { count, desc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { FeedItem, FeedKind, PushAnswer } from '../../protocol.js';
import type {
  HeldInvoice,
  HqStore,
  MstEntry,
  ReceivedRecord,
  RevenueRow,
  SettingsEntry,
  SettingsLoser,
  StoreRow,
} from '../hq-store.js';
import { narrowsBeyondStore } from '../invoice-query.js';
import { monthlyDeltas, type RevenueDelta, type TaxLine } from '../revenue.js';
import { pgLookupMethods } from './pg-hq-lookups.js';
import { pgStatusMethods } from './pg-hq-status.js';
import { pgUserMethods } from './pg-hq-users.js';
import {
  FEED_LOCK,
  HLC_LOCK,
  INVOICE_ARRAYS,
  INVOICE_COLUMNS,
  invoiceArrays,
  invoicePageQuery,
  PG_READ_FEED_SQL,
  PG_STORE_SUMMARIES_JSON_SQL,
  parsedDocument,
  pgRevenueQuery,
  type Queryable,
  SETTINGS_COLUMNS,
  STORE_COLUMNS,
  summaryColumns,
  whereOf,
} from './pg-statements.js';
import { answeringUnavailable, inTransaction } from './pg-transaction.js';
import * as schema from './schema.js';

export { invoicePageQuery, PG_READ_FEED_SQL, PG_STORE_SUMMARIES_JSON_SQL, pgRevenueQuery } from './pg-statements.js';

const { invoices } = schema;

/** The store's methods over one connection (a transaction's client) or the pool (single statements). */
function methodsOn(on: Queryable): Omit<HqStore, 'transaction'> {
  const rows = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await on.query<R & pg.QueryResultRow>(text, values)).rows;
  const run = async (text: string, values: unknown[] = []): Promise<number> =>
    (await on.query(text, values)).rowCount ?? 0;
  const db = drizzle(on as pg.Pool, { schema });

  return {
    ...pgUserMethods(on),
    ...pgStatusMethods(on),
    ...pgLookupMethods(on),
    addStore: async (store) =>
      (await run(
        'INSERT INTO stores (id, name, credential_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
        [store.id, store.name, store.credentialHash, store.createdAt],
      )) === 1,
    findStore: async (id) => (await rows<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1`, [id]))[0],
    listStores: () => rows<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores ORDER BY id`),
    storeSummariesJson: async (now) =>
      (await rows<{ json: string }>(PG_STORE_SUMMARIES_JSON_SQL, [now]))[0]?.json ?? '[]',
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
    markPulled: async (storeId, cursor, at, report, appliedCursor) => {
      await run(
        `UPDATE stores SET pull_cursor = $2, last_pull_at = $3, reported_version = coalesce($4, reported_version),
           reported_pending = coalesce($5, reported_pending), applied_cursor = $6 WHERE id = $1`,
        [storeId, cursor, at, report.version ?? null, report.pending ?? null, appliedCursor],
      );
    },
    markFeedApplied: async (storeId, cursor) => {
      await run('UPDATE stores SET applied_cursor = least($2, pull_cursor) WHERE id = $1', [storeId, cursor]);
    },
    // Both maxima are one step down the feed_store_kind_cursor index.
    feedApplied: async (storeIds) =>
      (
        await rows<{
          storeId: string;
          appliedCursor: string;
          settingsCursor: string | null;
          productsCursor: string | null;
        }>(
          `SELECT s.id AS "storeId", s.applied_cursor AS "appliedCursor",
             (SELECT max(cursor) FROM feed WHERE store_id = s.id AND kind = 'settings') AS "settingsCursor",
             (SELECT max(cursor) FROM feed WHERE store_id IS NULL AND kind = 'products') AS "productsCursor"
           FROM stores s WHERE $1::text[] IS NULL OR s.id = ANY($1::text[]) ORDER BY s.id`,
          [storeIds ? [...storeIds] : null],
        )
      ).map((row) => ({
        storeId: row.storeId,
        appliedCursor: Number(row.appliedCursor),
        settingsCursor: row.settingsCursor === null ? null : Number(row.settingsCursor),
        productsCursor: row.productsCursor === null ? null : Number(row.productsCursor),
      })),

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
           total = n.total, created_at = n.created_at, received_seq = n.received_seq, tax_lines = n.tax_lines,
           demo = n.demo
         FROM unnest(${INVOICE_ARRAYS}) AS n(${INVOICE_COLUMNS})
         WHERE i.store_id = n.store_id AND i.invoice_id = n.invoice_id`,
        invoiceArrays(list),
      );
    },

    async addRevenue(deltas) {
      if (deltas.length === 0) return;
      for (const [table, column, list] of [
        ['daily_revenue', 'issue_date', deltas],
        ['monthly_revenue', 'month', monthlyDeltas(deltas)],
      ] as const) {
        const values = (pick: (d: RevenueDelta) => unknown) => list.map(pick);
        await run(
          `INSERT INTO ${table} (store_id, ${column}, status, tax_rate, invoices, amount, tax_amount)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::bigint[], $6::bigint[], $7::bigint[])
           ON CONFLICT (store_id, ${column}, status, tax_rate) DO UPDATE SET
             invoices = ${table}.invoices + excluded.invoices, amount = ${table}.amount + excluded.amount,
             tax_amount = ${table}.tax_amount + excluded.tax_amount`,
          [
            values((d) => d.storeId),
            values((d) => d.issueDate),
            values((d) => d.status),
            values((d) => d.taxRate),
            values((d) => d.invoices),
            values((d) => d.amount),
            values((d) => d.taxAmount),
          ],
        );
      }
    },

    revenue: (filter) => {
      const { text, values } = pgRevenueQuery(filter);
      return rows<RevenueRow>(text, values);
    },

    invoicesAfter: async (filter, after, limit) => invoicePageQuery(db, filter, after, limit),

    async listInvoices(filter, limit, offset) {
      const unfiltered = !narrowsBeyondStore(filter);
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

export function createPgHqStore(pool: pg.Pool): HqStore {
  return {
    ...answeringUnavailable(methodsOn(pool)),
    transaction: (work) => inTransaction(pool, methodsOn, work),
  };
}
