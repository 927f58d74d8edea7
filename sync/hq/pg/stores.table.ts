import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The stores that may sync with headquarters (as `../stores.table.ts` on SQLite). Times are ISO-8601 UTC text
 * on both databases, so that a copy between them is lossless and both sort and compare them alike.
 */
export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  credentialHash: text('credential_hash').notNull(),
  createdAt: text('created_at').notNull(),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  appliedThroughSeq: bigint('applied_through_seq', { mode: 'number' }).notNull().default(0),
  pullCursor: bigint('pull_cursor', { mode: 'number' }).notNull().default(0),
  /** The cursor the store sent with its last pull: every feed item up to it is applied at the store. */
  appliedCursor: bigint('applied_cursor', { mode: 'number' }).notNull().default(0),
  invoiceCount: bigint('invoice_count', { mode: 'number' }).notNull().default(0),
  reportedVersion: text('reported_version'),
  reportedPending: integer('reported_pending'),
  previousCredentialHash: text('previous_credential_hash'),
  previousCredentialUntil: text('previous_credential_until'),
  disabledAt: text('disabled_at'),
});

/**
 * Answers of push batches by idempotency key. The primary key (store_id, batch_seq) is what makes a batch
 * received by two HQ processes at the same moment apply once: the second one's insert cannot commit.
 */
export const pushBatches = pgTable(
  'push_batches',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    batchSeq: bigint('batch_seq', { mode: 'number' }).notNull(),
    answer: text('answer').notNull(),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.batchSeq] }), index('push_batches_at').on(t.at)],
);
