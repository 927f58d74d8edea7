/**
 * What headquarters needs from its storage, with no SQL in sight: the services hold the rules (ordered
 * apply, deduplication, last writer wins), an implementation holds the statements: `sqlite-hq-store.ts`
 * (one file, one process) and `pg/pg-hq-store.ts` (PostgreSQL, several HQ processes).
 *
 * Every method answers a promise (SQLite's already resolved). Work that must commit together runs in
 * `transaction(work)`, on the `tx` it is handed: on PostgreSQL that is one pooled connection inside BEGIN …
 * COMMIT, and the work may run again from the start after a serialization failure or a deadlock, so it
 * does nothing outside `tx` but compute.
 */
import type { FeedItem, FeedKind, PushAnswer, StoreReport, SyncedSettingsName } from '../protocol.js';
import type { StatusReport, TaxProblemState } from '../status-report.js';
import type { HqLookupMethods } from './hq-lookups.js';
import type { RevenueDelta, TaxLine } from './revenue.js';
import type { HqRole } from './users.table.js';

export interface StoreRow {
  id: string;
  name: string;
  credentialHash: string;
  createdAt: string;
  lastPushAt: string | null;
  lastPullAt: string | null;
  appliedThroughSeq: number;
  pullCursor: number;
  invoiceCount: number;
  reportedVersion: string | null;
  reportedPending: number | null;
  previousCredentialHash: string | null;
  previousCredentialUntil: string | null;
  disabledAt: string | null;
}

/** Null: nothing of that kind was ever sent (to this store, for settings; to every store, for the catalogue). */
export interface FeedAppliedRow {
  storeId: string;
  appliedCursor: number;
  settingsCursor: number | null;
  productsCursor: number | null;
}

export interface NewStore {
  id: string;
  name: string;
  credentialHash: string;
  createdAt: string;
}

export interface ReceivedRecord {
  storeId: string;
  recordId: string;
  version: number;
  kind: string;
  seq: number;
  at: string;
  /** The payload's JSON text, kept as the store sent it (an invoice's document lives only here). */
  payload: string;
  receivedAt: string;
}

export interface RecordKey {
  recordId: string;
  version: number;
}

export interface InvoiceSummary {
  storeId: string;
  invoiceId: string;
  version: number;
  status: string;
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  buyerName: string;
  buyerMst: string | null;
  total: number;
  createdAt: string;
  receivedSeq: number;
  /** A demo invoice (docs/decisions.md §7), labelled "dùng thử". */
  demo: boolean;
}

/** An invoice as a push projects it: the list's columns and its lines per tax rate (revenue.ts). */
export interface ProjectedInvoice extends InvoiceSummary {
  taxLines: TaxLine[];
}

/** What the projection holds of an invoice, to decide on a newer version and move its revenue. */
export interface HeldInvoice {
  invoiceId: string;
  version: number;
  status: string;
  issueDate: string;
  taxLines: TaxLine[];
}

/** A position in the newest-first invoice list: the last row of a page. */
export interface InvoiceCursor {
  issueDate: string;
  createdAt: string;
  /** The order of arrival at HQ (SQLite's rowid, PostgreSQL's row_no). */
  rowNo: number;
}

/** A position in the revenue answer's order: its last row's (store, day or month, rate). */
export interface RevenueKey {
  storeId: string;
  date: string;
  taxRate: number;
}

export interface RevenueFilter {
  dateFrom: string;
  dateTo: string;
  storeId?: string | undefined;
  /** `month`: from the monthly rollup, whole months (a row's `date` is the month, YYYY-MM). */
  per: 'day' | 'month';
  /** The rows after this one (keyset paging); from the first without it. */
  after?: RevenueKey | undefined;
  /** At most this many rows; all of them without it. */
  limit?: number | undefined;
}

export interface RevenueRow {
  storeId: string;
  date: string;
  taxRate: number;
  invoices: number;
  amount: number;
  taxAmount: number;
}

export interface InvoiceFilter {
  storeId?: string | undefined;
  /** Only these stores (a manager's): the list's order over their rows. */
  storeIds?: readonly string[] | undefined;
  statuses?: string[] | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** The invoice's number, its series (`mauSo` and `kyHieu`), its buyer's tax code, its total's bounds. */
  number?: number | undefined;
  mauSo?: string | undefined;
  kyHieu?: string | undefined;
  buyerMst?: string | undefined;
  totalMin?: number | undefined;
  totalMax?: number | undefined;
}

export type SettingsOrigin = 'store' | 'hq';

export interface SettingsEntry {
  storeId: string;
  name: SyncedSettingsName;
  document: Record<string, unknown>;
  hlc: string;
  origin: SettingsOrigin;
  updatedAt: string;
}

export interface SettingsLoser {
  storeId: string;
  name: SyncedSettingsName;
  document: Record<string, unknown>;
  hlc: string;
  origin: SettingsOrigin;
  lostToHlc: string;
  at: string;
}

export interface MstEntry {
  mst: string;
  name: string;
  address: string | null;
  firstStoreId: string;
  createdAt: string;
}

export interface Product {
  sku: string;
  name: string;
  unit?: string | undefined;
  unitPrice: number;
  taxRate: number;
}

export interface NewFeedItem {
  /** null: every store. */
  storeId: string | null;
  kind: FeedKind;
  payload: Record<string, unknown>;
  at: string;
}

export interface HqUserRow {
  id: string;
  username: string;
  role: HqRole;
  /** A manager's stores (empty for the other roles). */
  stores: string[];
  passwordHash: string;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface HqSessionRow {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

/** HQ's users and their console sessions (users.table.ts). */
export interface HqUserMethods {
  /** False when the username is taken. */
  addUser(user: HqUserRow): Promise<boolean>;
  findUserByUsername(username: string): Promise<HqUserRow | undefined>;
  findUserById(id: string): Promise<HqUserRow | undefined>;
  listUsers(): Promise<HqUserRow[]>;
  updateUser(
    id: string,
    change: Partial<Pick<HqUserRow, 'passwordHash' | 'disabledAt' | 'role' | 'stores'>> & { updatedAt: string },
  ): Promise<void>;
  addSession(session: HqSessionRow): Promise<void>;
  /** The session of that hash, if it has not expired at `now`. */
  findSession(tokenHash: string, now: string): Promise<HqSessionRow | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Signs a user out everywhere. */
  deleteUserSessions(userId: string): Promise<void>;
  /** Forgets sessions expired before `now`. */
  purgeSessions(now: string): Promise<void>;
}

/** What a store last reported of itself (status.table.ts). */
export interface StoreFactsRow {
  storeId: string;
  mst: string | null;
  sellerName: string | null;
  symbols: string[];
  mode: 'demo' | 'live';
  version: string;
  certificateExpiresAt: string | null;
  reportedAt: string;
}

/** An invoice the tax authority refused or left in attention, as HQ holds it (status.table.ts). */
export interface TaxProblemRow {
  storeId: string;
  invoiceId: string;
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  total: number;
  demo: boolean;
  state: TaxProblemState;
  reason: string;
  at: string;
  reportedAt: string;
  closedAt: string | null;
  handledAt: string | null;
  handledBy: string | null;
  handledNote: string | null;
}

export interface TaxProblemFilter {
  /** Only these stores (a manager's, or one asked for); every store without it. */
  storeIds?: readonly string[] | undefined;
  /** Only those neither handled at HQ nor settled at the store. */
  open: boolean;
  limit: number;
}

/** The stores' reports (sync/status-report.ts): their facts and their tax-authority problems. */
export interface HqStatusMethods {
  /**
   * Replaces the store's facts, upserts the problems the report names (a changed state opens it again) and
   * closes those in attention it no longer names; answers how many it names. Call in a transaction.
   */
  saveStatusReport(storeId: string, report: StatusReport, at: string): Promise<number>;
  listStoreFacts(): Promise<StoreFactsRow[]>;
  findStoreFacts(storeId: string): Promise<StoreFactsRow | undefined>;
  /** Newest first (the time the store settled it). */
  listTaxProblems(filter: TaxProblemFilter): Promise<TaxProblemRow[]>;
  findTaxProblem(storeId: string, invoiceId: string): Promise<TaxProblemRow | undefined>;
  /** False when it is already handled (or unknown). */
  markTaxProblemHandled(storeId: string, invoiceId: string, by: string, note: string, at: string): Promise<boolean>;
}

export interface HqStore extends HqUserMethods, HqStatusMethods, HqLookupMethods {
  /** Runs `work` as one atomic, durable unit on `tx`: all of it commits, or nothing does. */
  transaction<T>(work: (tx: HqStore) => Promise<T>): Promise<T>;

  /** False when a store with that id already exists. */
  addStore(store: NewStore): Promise<boolean>;
  findStore(id: string): Promise<StoreRow | undefined>;
  listStores(): Promise<StoreRow[]>;
  /**
   * The admin API's store list as JSON text, written by the database (`StoreSummary[]` of hq.schemas.ts, its
   * `lagSeconds` counted to `now`): the list is read on every look at the chain, and serialising it row by row
   * was most of its cost.
   */
  storeSummariesJson(now: string): Promise<string>;
  countStores(): Promise<number>;
  /**
   * The store's sync state, held against concurrent pushes of the same store (from any HQ process) until the
   * transaction ends: the first thing a push does, so that what it reads next is what the previous push left.
   */
  lockStore(id: string): Promise<StoreRow | undefined>;
  /** Replaces the store's secret hash; the replaced one stays valid until `previousUntil`. False: no such store. */
  rotateCredential(id: string, credentialHash: string, previousUntil: string): Promise<boolean>;
  /** `at` null enables the store again. False: no such store. */
  setDisabled(id: string, at: string | null): Promise<boolean>;
  markPushed(storeId: string, appliedThroughSeq: number, at: string): Promise<void>;
  /**
   * Records a pull, with what the store reported about itself when it did (kept otherwise): `cursor` is the
   * nextCursor served, `appliedCursor` the cursor the store asked from (what it has applied).
   */
  markPulled(
    storeId: string,
    cursor: number,
    at: string,
    report: Partial<StoreReport>,
    appliedCursor: number,
  ): Promise<void>;
  /** What the store's status report says it applied of the feed (never past the cursor HQ last served it). */
  markFeedApplied(storeId: string, cursor: number): Promise<void>;
  /** Per store (these, or every one), what it has applied of the feed and the latest settings and catalogue sent. */
  feedApplied(storeIds?: readonly string[]): Promise<FeedAppliedRow[]>;

  findBatchAnswer(storeId: string, batchSeq: number): Promise<PushAnswer | undefined>;
  saveBatchAnswer(storeId: string, batchSeq: number, answer: PushAnswer, at: string): Promise<void>;
  /** Forgets answers stored before `before` (idempotency keys live 24 h). */
  purgeBatchAnswers(before: string): Promise<void>;

  /**
   * Inserts each record not yet held under (store, recordId, version); answers, per record in order, whether
   * it was inserted now (false: applied before, or earlier in the same list).
   */
  insertRecords(records: readonly ReceivedRecord[]): Promise<boolean[]>;
  /**
   * A store's records in (recordId, version) order (binary order of the ids, on both databases), after the
   * key `after`: a page at a time, for copies and content hashes of any size.
   */
  readRecords(storeId: string, after: RecordKey | undefined, limit: number): Promise<ReceivedRecord[]>;

  /** The projections held of these invoices of a store (those HQ has). */
  heldInvoices(storeId: string, invoiceIds: readonly string[]): Promise<HeldInvoice[]>;
  /**
   * A store's first sight of each invoice: also counts it for the store. The projection's document is the
   * record (storeId, `invoice:<invoiceId>`, version).
   */
  insertInvoices(invoices: readonly ProjectedInvoice[]): Promise<void>;
  /** Newer versions of invoices held. */
  replaceInvoices(invoices: readonly ProjectedInvoice[]): Promise<void>;
  /** Adds the deltas to the daily rollup and, summed per month, to the monthly one. */
  addRevenue(deltas: readonly RevenueDelta[]): Promise<void>;
  /** Revenue statuses only, per store, store-local day (or month) and tax rate, in that order. */
  revenue(filter: RevenueFilter): Promise<RevenueRow[]>;
  /** The list's order, keyset-paged: the `limit` rows after `after` (from the newest without it). */
  invoicesAfter(
    filter: InvoiceFilter,
    after: InvoiceCursor | undefined,
    limit: number,
  ): Promise<(InvoiceSummary & { rowNo: number })[]>;
  /** Newest first (issue date, then creation time, then the later received). */
  listInvoices(
    filter: InvoiceFilter,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: InvoiceSummary[] }>;

  findSettings(storeId: string, name: SyncedSettingsName): Promise<SettingsEntry | undefined>;
  saveSettings(entry: SettingsEntry): Promise<void>;
  addSettingsLoser(loser: SettingsLoser): Promise<void>;
  listSettings(storeId: string): Promise<SettingsEntry[]>;
  /** The most recent losing edits of a store, newest first. */
  listSettingsLosers(storeId: string, limit: number): Promise<SettingsLoser[]>;

  /** The greatest hybrid logical clock value HQ has issued or seen, held until the transaction ends. */
  lastHlc(): Promise<string | undefined>;
  saveHlc(hlc: string): Promise<void>;

  findMst(mst: string): Promise<MstEntry | undefined>;
  /** False when the tax code is already registered (another store's push got there first). */
  addMst(entry: MstEntry): Promise<boolean>;

  upsertProducts(products: Product[], at: string): Promise<void>;

  /**
   * Answers the new item's cursor. Items become visible in cursor order: a reader never sees a cursor
   * before every smaller one has committed.
   */
  appendFeed(item: NewFeedItem): Promise<number>;
  /** Items after `after` addressed to the store or to every store, in cursor order. */
  readFeed(storeId: string, after: number, limit: number): Promise<FeedItem[]>;
}
