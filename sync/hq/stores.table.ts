import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The stores that may sync with headquarters. Only the sha256 of a store's secret is kept: the secret itself
 * is printed once by `hoadon hq store add`. The sync figures are what the admin list shows.
 */
export const stores = sqliteTable('stores', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  credentialHash: text('credential_hash').notNull(),
  createdAt: text('created_at').notNull(),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  /** The highest outbox seq of the store that HQ holds; a batch must start at most one past it. */
  appliedThroughSeq: integer('applied_through_seq').notNull().default(0),
  /** The nextCursor last served to the store's pull. */
  pullCursor: integer('pull_cursor').notNull().default(0),
  /**
   * The cursor the store sent with its last pull: it applies a page and keeps its nextCursor in one
   * transaction, so every feed item up to this one is applied at the store (docs/hq.md, "Hàng hóa và cài đặt").
   */
  appliedCursor: integer('applied_cursor').notNull().default(0),
  /** Kept with every new invoice projection so that the lists never count a million rows. */
  invoiceCount: integer('invoice_count').notNull().default(0),
  /** What the store reported with its last pull (protocol.ts storeReportHeaders): its version and backlog. */
  reportedVersion: text('reported_version'),
  reportedPending: integer('reported_pending'),
  /** After `hoadon hq store rotate`: the replaced secret's hash, accepted until `previousCredentialUntil`. */
  previousCredentialHash: text('previous_credential_hash'),
  previousCredentialUntil: text('previous_credential_until'),
  /** Set by `hoadon hq store disable`: the store's credential is refused until it is enabled again. */
  disabledAt: text('disabled_at'),
});

/** Answers of push batches by idempotency key (`<storeId>:<batchSeq>`), purged after 24 h. */
export const pushBatches = sqliteTable(
  'push_batches',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    batchSeq: integer('batch_seq').notNull(),
    answer: text('answer').notNull(),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.batchSeq] }), index('push_batches_at').on(t.at)],
);
