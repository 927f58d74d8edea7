/**
 * HqStore on the headquarters' own SQLite file. A transaction takes the write lock at BEGIN (IMMEDIATE),
 * so pushes of all stores are applied one at a time; with synchronous=FULL a committed batch survives a
 * power cut and an uncommitted one leaves no trace. The statements run synchronously: each method answers
 * an already resolved promise, and transactions queue behind each other in this process (one connection,
 * one writer), so one request's transaction never runs inside another's.
 */
import type Database from 'better-sqlite3';
import { and, count, desc, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { FeedItem, FeedKind, PushAnswer } from '../protocol.js';
import type {
  FeedAppliedRow,
  HeldInvoice,
  HqStore,
  InvoiceFilter,
  InvoiceSummary,
  MstEntry,
  ReceivedRecord,
  RevenueRow,
  SettingsEntry,
  SettingsLoser,
  StoreRow,
} from './hq-store.js';
import { invoiceWhere, narrowsBeyondStore, summaryColumnsOf } from './invoice-query.js';
import { monthlyDeltas, type TaxLine } from './revenue.js';
import { revenueQuery } from './revenue-query.js';
import * as schema from './schema.js';
import { sqliteLookupMethods } from './sqlite-hq-lookups.js';
import { sqliteStatusMethods } from './sqlite-hq-status.js';
import { sqliteUserMethods } from './sqlite-hq-users.js';

const { invoices } = schema;

const STORE_COLUMNS = `id, name, credential_hash AS credentialHash, created_at AS createdAt, last_push_at AS lastPushAt,
  last_pull_at AS lastPullAt, applied_through_seq AS appliedThroughSeq, pull_cursor AS pullCursor, invoice_count AS invoiceCount,
  reported_version AS reportedVersion, reported_pending AS reportedPending,
  previous_credential_hash AS previousCredentialHash, previous_credential_until AS previousCredentialUntil, disabled_at AS disabledAt`;

const summaryColumns = summaryColumnsOf(invoices);

/** Both maxima are one step down the feed_store_kind_cursor index. */
const FEED_APPLIED_COLUMNS = `s.id AS storeId, s.applied_cursor AS appliedCursor,
  (SELECT max(cursor) FROM feed WHERE store_id = s.id AND kind = 'settings') AS settingsCursor,
  (SELECT max(cursor) FROM feed WHERE store_id IS NULL AND kind = 'products') AS productsCursor`;
const whereOf = (filter: InvoiceFilter): SQL | undefined => invoiceWhere(invoices, filter);

type SettingsRow = Omit<SettingsEntry, 'document'> & { document: string };
type LoserRow = Omit<SettingsLoser, 'document'> & { document: string };
type FeedRow = Omit<FeedItem, 'payload'> & { payload: string };

const parsed = <T extends { document: string }>(row: T) => ({
  ...row,
  document: JSON.parse(row.document) as Record<string, unknown>,
});

/**
 * A store's feed: two ranges of the (store_id, cursor) index merged in cursor order, so no sort, and the
 * LIMIT stops the merge early however many items other stores have. Parameters: store, cursor, cursor, limit.
 */
export const READ_FEED_SQL = `SELECT cursor, kind, payload, at FROM feed WHERE store_id = ? AND cursor > ?
  UNION ALL
  SELECT cursor, kind, payload, at FROM feed WHERE store_id IS NULL AND cursor > ?
  ORDER BY cursor LIMIT ?`;

/** `onCommitted` hears of every committed transaction (the storage health clears a past disk failure). */
export function createSqliteHqStore(sqlite: Database.Database, onCommitted: () => void = () => {}): HqStore {
  const db = drizzle(sqlite, { schema });

  const insertStore = sqlite.prepare(
    `INSERT INTO stores (id, name, credential_hash, created_at) VALUES (@id, @name, @credentialHash, @createdAt)
     ON CONFLICT (id) DO NOTHING`,
  );
  const storeById = sqlite.prepare<[string], StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores WHERE id = ?`);
  const allStores = sqlite.prepare<[], StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores ORDER BY id`);
  const storeCount = sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM stores');
  const pushed = sqlite.prepare('UPDATE stores SET applied_through_seq = ?, last_push_at = ? WHERE id = ?');
  const pulled = sqlite.prepare(
    `UPDATE stores SET pull_cursor = @cursor, applied_cursor = @appliedCursor, last_pull_at = @at,
       reported_version = coalesce(@version, reported_version), reported_pending = coalesce(@pending, reported_pending)
     WHERE id = @storeId`,
  );
  const feedAppliedThrough = sqlite.prepare('UPDATE stores SET applied_cursor = min(?, pull_cursor) WHERE id = ?');
  const feedApplied = sqlite.prepare<[], FeedAppliedRow>(`SELECT ${FEED_APPLIED_COLUMNS} FROM stores s ORDER BY s.id`);
  const rotate = sqlite.prepare(
    `UPDATE stores SET previous_credential_hash = credential_hash, previous_credential_until = ?, credential_hash = ?
     WHERE id = ?`,
  );
  const disable = sqlite.prepare('UPDATE stores SET disabled_at = ? WHERE id = ?');
  const countInvoice = sqlite.prepare('UPDATE stores SET invoice_count = invoice_count + 1 WHERE id = ?');

  const batchAnswer = sqlite.prepare<[string, number], { answer: string }>(
    'SELECT answer FROM push_batches WHERE store_id = ? AND batch_seq = ?',
  );
  const insertBatch = sqlite.prepare('INSERT INTO push_batches (store_id, batch_seq, answer, at) VALUES (?, ?, ?, ?)');
  const purgeBatches = sqlite.prepare('DELETE FROM push_batches WHERE at < ?');

  const insertRecord = sqlite.prepare(
    `INSERT OR IGNORE INTO records (store_id, record_id, version, kind, seq, at, payload, received_at)
     VALUES (@storeId, @recordId, @version, @kind, @seq, @at, @payload, @receivedAt)`,
  );

  const recordsAfter = sqlite.prepare<[string, string, string, number, number], ReceivedRecord>(
    `SELECT store_id AS storeId, record_id AS recordId, version, kind, seq, at, payload, received_at AS receivedAt
     FROM records WHERE store_id = ? AND (record_id > ? OR (record_id = ? AND version > ?))
     ORDER BY record_id, version LIMIT ?`,
  );

  const heldInvoice = sqlite.prepare<[string, string], Omit<HeldInvoice, 'taxLines'> & { taxLines: string }>(
    `SELECT invoice_id AS invoiceId, version, status, issue_date AS issueDate, tax_lines AS taxLines
     FROM invoices WHERE store_id = ? AND invoice_id = ?`,
  );
  const insertInvoice = sqlite.prepare(
    `INSERT INTO invoices (store_id, invoice_id, version, status, mau_so, ky_hieu, number, issue_date, buyer_name, buyer_mst,
       total, created_at, received_seq, tax_lines, demo)
     VALUES (@storeId, @invoiceId, @version, @status, @mauSo, @kyHieu, @number, @issueDate, @buyerName, @buyerMst,
       @total, @createdAt, @receivedSeq, @taxLines, @demo)`,
  );
  const replaceInvoice = sqlite.prepare(
    `UPDATE invoices SET version = @version, status = @status, mau_so = @mauSo, ky_hieu = @kyHieu, number = @number,
       issue_date = @issueDate, buyer_name = @buyerName, buyer_mst = @buyerMst, total = @total, created_at = @createdAt,
       received_seq = @receivedSeq, tax_lines = @taxLines, demo = @demo
     WHERE store_id = @storeId AND invoice_id = @invoiceId`,
  );
  const addRevenue = (table: string, column: string) =>
    sqlite.prepare(
      `INSERT INTO ${table} (store_id, ${column}, status, tax_rate, invoices, amount, tax_amount)
       VALUES (@storeId, @issueDate, @status, @taxRate, @invoices, @amount, @taxAmount)
       ON CONFLICT (store_id, ${column}, status, tax_rate) DO UPDATE SET invoices = invoices + excluded.invoices,
         amount = amount + excluded.amount, tax_amount = tax_amount + excluded.tax_amount`,
    );
  const addDailyRevenue = addRevenue('daily_revenue', 'issue_date');
  const addMonthlyRevenue = addRevenue('monthly_revenue', 'month');
  // The revenue read's few shapes (day or month, one store or all, after a key or not, limited or not), each
  // prepared once.
  const revenueStatements = new Map<string, Database.Statement<unknown[], RevenueRow>>();
  const revenueStatement = (text: string) => {
    let statement = revenueStatements.get(text);
    if (!statement) {
      statement = sqlite.prepare<unknown[], RevenueRow>(text);
      revenueStatements.set(text, statement);
    }
    return statement;
  };
  // The store list as the admin API answers it (HqStore.storeSummariesJson). The lag is whole seconds of a
  // difference of integer milliseconds: one of fractional seconds in floating point can fall just below a second.
  const storeSummariesJson = sqlite
    .prepare<[string], string>(
      `SELECT coalesce(json_group_array(json_object(
         'id', id, 'name', name, 'createdAt', created_at, 'lastPushAt', last_push_at, 'lastPullAt', last_pull_at,
         'appliedThroughSeq', applied_through_seq, 'pullCursor', pull_cursor,
         'lagSeconds', iif(last_push_at IS NULL, NULL,
           max(0, (CAST(round(unixepoch(?, 'subsec') * 1000) AS INTEGER) - CAST(round(unixepoch(last_push_at, 'subsec') * 1000) AS INTEGER)) / 1000)),
         'invoiceCount', invoice_count, 'version', reported_version, 'pendingOutbox', reported_pending,
         'disabledAt', disabled_at, 'previousCredentialUntil', previous_credential_until
       ) ORDER BY id), '[]') FROM stores`,
    )
    .pluck();

  const settingsOf = sqlite.prepare<[string, string], SettingsRow>(
    `SELECT store_id AS storeId, name, document, hlc, origin, updated_at AS updatedAt FROM settings WHERE store_id = ? AND name = ?`,
  );
  const allSettingsOf = sqlite.prepare<[string], SettingsRow>(
    `SELECT store_id AS storeId, name, document, hlc, origin, updated_at AS updatedAt FROM settings WHERE store_id = ? ORDER BY name`,
  );
  const saveSettings = sqlite.prepare(
    `INSERT INTO settings (store_id, name, document, hlc, origin, updated_at) VALUES (@storeId, @name, @document, @hlc, @origin, @updatedAt)
     ON CONFLICT (store_id, name) DO UPDATE SET document = excluded.document, hlc = excluded.hlc, origin = excluded.origin,
       updated_at = excluded.updated_at`,
  );
  const insertLoser = sqlite.prepare(
    `INSERT INTO settings_losers (store_id, name, document, hlc, origin, lost_to_hlc, at)
     VALUES (@storeId, @name, @document, @hlc, @origin, @lostToHlc, @at)`,
  );
  const losersOf = sqlite.prepare<[string, number], LoserRow>(
    `SELECT store_id AS storeId, name, document, hlc, origin, lost_to_hlc AS lostToHlc, at
     FROM settings_losers WHERE store_id = ? ORDER BY id DESC LIMIT ?`,
  );

  const lastHlc = sqlite.prepare<[], { lastHlc: string }>('SELECT last_hlc AS lastHlc FROM hlc_clock WHERE id = 1');
  const saveHlc = sqlite.prepare(
    'INSERT INTO hlc_clock (id, last_hlc) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_hlc = excluded.last_hlc',
  );

  const findMst = sqlite.prepare<[string], MstEntry>(
    'SELECT mst, name, address, first_store_id AS firstStoreId, created_at AS createdAt FROM mst_registry WHERE mst = ?',
  );
  const insertMst = sqlite.prepare(
    `INSERT INTO mst_registry (mst, name, address, first_store_id, created_at) VALUES (@mst, @name, @address, @firstStoreId, @createdAt)
     ON CONFLICT (mst) DO NOTHING`,
  );

  const upsertProduct = sqlite.prepare(
    `INSERT INTO products (sku, name, unit, unit_price, tax_rate, updated_at) VALUES (@sku, @name, @unit, @unitPrice, @taxRate, @at)
     ON CONFLICT (sku) DO UPDATE SET name = excluded.name, unit = excluded.unit, unit_price = excluded.unit_price,
       tax_rate = excluded.tax_rate, updated_at = excluded.updated_at`,
  );

  const appendFeed = sqlite.prepare<[string | null, string, string, string], { cursor: number }>(
    'INSERT INTO feed (store_id, kind, payload, at) VALUES (?, ?, ?, ?) RETURNING cursor',
  );
  const readFeed = sqlite.prepare<[string, number, number, number], FeedRow>(READ_FEED_SQL);

  const methods: Omit<HqStore, 'transaction'> = {
    ...sqliteUserMethods(sqlite),
    ...sqliteStatusMethods(sqlite),
    ...sqliteLookupMethods(sqlite),
    addStore: async (store) => insertStore.run(store).changes === 1,
    findStore: async (id) => storeById.get(id),
    listStores: async () => allStores.all(),
    storeSummariesJson: async (now) => storeSummariesJson.get(now) ?? '[]',
    countStores: async () => storeCount.get()?.n ?? 0,
    // The transaction's BEGIN IMMEDIATE already holds SQLite's one write lock: reading is enough here.
    lockStore: async (id) => storeById.get(id),
    rotateCredential: async (id, credentialHash, previousUntil) =>
      rotate.run(previousUntil, credentialHash, id).changes === 1,
    setDisabled: async (id, at) => disable.run(at, id).changes === 1,
    markPushed: async (storeId, appliedThroughSeq, at) => {
      pushed.run(appliedThroughSeq, at, storeId);
    },
    markPulled: async (storeId, cursor, at, report, appliedCursor) => {
      pulled.run({
        storeId,
        cursor,
        appliedCursor,
        at,
        version: report.version ?? null,
        pending: report.pending ?? null,
      });
    },
    markFeedApplied: async (storeId, cursor) => {
      feedAppliedThrough.run(cursor, storeId);
    },
    feedApplied: async (storeIds) => {
      const all = feedApplied.all();
      return storeIds ? all.filter((row) => storeIds.includes(row.storeId)) : all;
    },

    async findBatchAnswer(storeId, batchSeq) {
      const row = batchAnswer.get(storeId, batchSeq);
      return row && (JSON.parse(row.answer) as PushAnswer);
    },
    saveBatchAnswer: async (storeId, batchSeq, answer, at) => {
      insertBatch.run(storeId, batchSeq, JSON.stringify(answer), at);
    },
    purgeBatchAnswers: async (before) => {
      purgeBatches.run(before);
    },

    insertRecords: async (records) => records.map((record) => insertRecord.run(record).changes === 1),
    readRecords: async (storeId, after, limit) =>
      recordsAfter.all(storeId, after?.recordId ?? '', after?.recordId ?? '', after?.version ?? 0, limit),

    heldInvoices: async (storeId, ids) =>
      ids.flatMap((id) => {
        const row = heldInvoice.get(storeId, id);
        return row ? [{ ...row, taxLines: JSON.parse(row.taxLines) as TaxLine[] }] : [];
      }),
    async insertInvoices(list) {
      for (const invoice of list) {
        insertInvoice.run({ ...invoice, taxLines: JSON.stringify(invoice.taxLines), demo: invoice.demo ? 1 : 0 });
        countInvoice.run(invoice.storeId);
      }
    },
    async replaceInvoices(list) {
      for (const invoice of list)
        replaceInvoice.run({ ...invoice, taxLines: JSON.stringify(invoice.taxLines), demo: invoice.demo ? 1 : 0 });
    },
    async addRevenue(deltas) {
      for (const delta of deltas) addDailyRevenue.run(delta);
      for (const delta of monthlyDeltas(deltas)) addMonthlyRevenue.run(delta);
    },
    revenue: async (filter) => {
      const { text, values } = revenueQuery(filter, () => '?');
      return revenueStatement(text).all(...values);
    },
    invoicesAfter: async (filter, after, limit) =>
      db
        .select({ ...summaryColumns, rowNo: sql<number>`${invoices}.rowid` })
        .from(invoices)
        .where(
          and(
            whereOf(filter),
            after
              ? sql`(${invoices.issueDate}, ${invoices.createdAt}, ${invoices}.rowid) < (${after.issueDate}, ${after.createdAt}, ${after.rowNo})`
              : undefined,
          ),
        )
        .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(sql`${invoices}.rowid`))
        .limit(limit)
        .all(),
    async listInvoices(filter, limit, offset) {
      const unfiltered = !narrowsBeyondStore(filter);
      // Counting a million index entries per page would be the list's largest cost: the per-store counters
      // answer the unfiltered totals.
      const total = unfiltered
        ? filter.storeId
          ? (storeById.get(filter.storeId)?.invoiceCount ?? 0)
          : allStores.all().reduce((sum, store) => sum + store.invoiceCount, 0)
        : (db.select({ n: count() }).from(invoices).where(whereOf(filter)).get()?.n ?? 0);
      const rows: InvoiceSummary[] = db
        .select(summaryColumns)
        .from(invoices)
        .where(whereOf(filter))
        .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(sql`${invoices}.rowid`))
        .limit(limit)
        .offset(offset)
        .all();
      return { total, rows };
    },

    async findSettings(storeId, name) {
      const row = settingsOf.get(storeId, name);
      return row && parsed(row);
    },
    saveSettings: async (entry) => {
      saveSettings.run({ ...entry, document: JSON.stringify(entry.document) });
    },
    addSettingsLoser: async (loser) => {
      insertLoser.run({ ...loser, document: JSON.stringify(loser.document) });
    },
    listSettings: async (storeId) => allSettingsOf.all(storeId).map(parsed),
    listSettingsLosers: async (storeId, limit) => losersOf.all(storeId, limit).map(parsed),

    lastHlc: async () => lastHlc.get()?.lastHlc,
    saveHlc: async (hlc) => {
      saveHlc.run(hlc);
    },

    findMst: async (mst) => findMst.get(mst),
    addMst: async (entry) => insertMst.run(entry).changes === 1,

    async upsertProducts(products, at) {
      for (const product of products) upsertProduct.run({ ...product, unit: product.unit ?? null, at });
    },

    appendFeed: async (item) =>
      (appendFeed.get(item.storeId, item.kind, JSON.stringify(item.payload), item.at) as { cursor: number }).cursor,
    readFeed: async (storeId, after, limit) =>
      readFeed.all(storeId, after, after, limit).map((row) => ({
        cursor: row.cursor,
        kind: row.kind as FeedKind,
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        at: row.at,
      })),
  };

  // Inside a transaction, a nested one is part of it.
  const tx: HqStore = { ...methods, transaction: (work) => work(tx) };
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  let queue: Promise<unknown> = Promise.resolve();

  async function run<T>(work: (tx: HqStore) => Promise<T>): Promise<T> {
    begin.run();
    try {
      const result = await work(tx);
      commit.run();
      onCommitted();
      return result;
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      throw error;
    }
  }

  const store: HqStore = {
    ...methods,
    transaction(work) {
      const result = queue.then(() => run(work));
      queue = result.catch(() => undefined);
      return result;
    },
  };
  // The writes callers make outside a transaction wait their turn too: run between the awaits of another
  // request's open transaction, they would join it, and vanish with it if it rolled back.
  return {
    ...store,
    addStore: (entry) => store.transaction((t) => t.addStore(entry)),
    markPulled: (...args) => store.transaction((t) => t.markPulled(...args)),
    markFeedApplied: (...args) => store.transaction((t) => t.markFeedApplied(...args)),
    rotateCredential: (...args) => store.transaction((t) => t.rotateCredential(...args)),
    setDisabled: (...args) => store.transaction((t) => t.setDisabled(...args)),
    addUser: (...args) => store.transaction((t) => t.addUser(...args)),
    updateUser: (...args) => store.transaction((t) => t.updateUser(...args)),
    addSession: (...args) => store.transaction((t) => t.addSession(...args)),
    deleteSession: (...args) => store.transaction((t) => t.deleteSession(...args)),
    deleteUserSessions: (...args) => store.transaction((t) => t.deleteUserSessions(...args)),
    purgeSessions: (...args) => store.transaction((t) => t.purgeSessions(...args)),
    saveStatusReport: (...args) => store.transaction((t) => t.saveStatusReport(...args)),
    markTaxProblemHandled: (...args) => store.transaction((t) => t.markTaxProblemHandled(...args)),
  };
}
