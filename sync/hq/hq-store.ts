/**
 * What headquarters needs from its storage, with no SQL in sight: the services hold the rules (ordered
 * apply, deduplication, last writer wins), an implementation holds the statements. `sqlite-hq-store.ts`
 * is the one there is; docs/hq.md says what a PostgreSQL one changes.
 *
 * Every method is synchronous and runs inside `transaction` when the caller needs several to commit
 * together; nothing may await inside a transaction.
 */
import type { FeedItem, FeedKind, PushAnswer, StoreReport, SyncedSettingsName } from '../protocol.js';

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
}

export interface InvoiceFilter {
  storeId?: string | undefined;
  statuses?: string[] | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
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

export interface HqStore {
  /** Runs `work` as one atomic, durable unit: all of it commits, or nothing does. */
  transaction<T>(work: () => T): T;

  /** False when a store with that id already exists. */
  addStore(store: NewStore): boolean;
  findStore(id: string): StoreRow | undefined;
  listStores(): StoreRow[];
  countStores(): number;
  /** The store's sync state, held against concurrent pushes of the same store until the transaction ends. */
  lockStore(id: string): StoreRow | undefined;
  markPushed(storeId: string, appliedThroughSeq: number, at: string): void;
  /** Records a pull, with what the store reported about itself when it did (kept otherwise). */
  markPulled(storeId: string, cursor: number, at: string, report: Partial<StoreReport>): void;

  findBatchAnswer(storeId: string, batchSeq: number): PushAnswer | undefined;
  saveBatchAnswer(storeId: string, batchSeq: number, answer: PushAnswer, at: string): void;
  /** Forgets answers stored before `before` (idempotency keys live 24 h). */
  purgeBatchAnswers(before: string): void;

  /** False when (store, recordId, version) is already held: the record was applied before. */
  insertRecord(record: ReceivedRecord): boolean;

  invoiceVersion(storeId: string, invoiceId: string): number | undefined;
  /**
   * A store's first sight of an invoice: also counts it for the store. The projection's document is the record
   * (storeId, `invoice:<invoiceId>`, version).
   */
  insertInvoice(invoice: InvoiceSummary): void;
  replaceInvoice(invoice: InvoiceSummary): void;
  /** Newest first (issue date, then creation time). */
  listInvoices(filter: InvoiceFilter, limit: number, offset: number): { total: number; rows: InvoiceSummary[] };

  findSettings(storeId: string, name: SyncedSettingsName): SettingsEntry | undefined;
  saveSettings(entry: SettingsEntry): void;
  addSettingsLoser(loser: SettingsLoser): void;
  listSettings(storeId: string): SettingsEntry[];
  /** The most recent losing edits of a store, newest first. */
  listSettingsLosers(storeId: string, limit: number): SettingsLoser[];

  /** The greatest hybrid logical clock value HQ has issued or seen. */
  lastHlc(): string | undefined;
  saveHlc(hlc: string): void;

  findMst(mst: string): MstEntry | undefined;
  addMst(entry: MstEntry): void;

  upsertProducts(products: Product[], at: string): void;

  /** Answers the new item's cursor. */
  appendFeed(item: NewFeedItem): number;
  /** Items after `after` addressed to the store or to every store, in cursor order. */
  readFeed(storeId: string, after: number, limit: number): FeedItem[];
}
