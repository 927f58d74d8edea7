import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { OUTBOX_KINDS } from '../protocol.js';

/**
 * The transactional outbox: one row per change of the store, written in the transaction of the change, so
 * a committed change is always queued for headquarters and a rolled-back one never is. `seq` never repeats
 * (AUTOINCREMENT), which is what HQ's "applied through" watermark counts. A row is acked when HQ holds it:
 * `seq <= sync_state.pushed_through_seq`, a watermark, so an ack writes one row instead of rewriting the
 * batch. Acked rows stay a few days (HQ may ask for them again after restoring a backup) and are then
 * pruned (sync_push_acks says when each was acked). `payload` is canonical JSON.
 */
export const syncOutbox = sqliteTable('sync_outbox', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  recordId: text('record_id').notNull(),
  kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
  version: integer('version').notNull(),
  at: text('at').notNull(),
  payload: text('payload').notNull(),
});

/**
 * When the watermark passed each point: one row per answered push, so pruning finds the rows acked before
 * the retention by seq. Rows above a lowered watermark (HQ asked to resend) are removed with it.
 */
export const syncPushAcks = sqliteTable('sync_push_acks', {
  throughSeq: integer('through_seq').primaryKey(),
  at: text('at').notNull(),
});

/** Where the store's sync stands: one row (id 1), updated in the transactions that move it. */
export const syncState = sqliteTable(
  'sync_state',
  {
    id: integer('id').primaryKey(),
    pushedThroughSeq: integer('pushed_through_seq').notNull().default(0),
    /** First and last seq of a batch sent without an answer: a resend of it is the same request. */
    inflightFromSeq: integer('inflight_from_seq'),
    inflightThroughSeq: integer('inflight_through_seq'),
    pullCursor: integer('pull_cursor').notNull().default(0),
    lastPushAt: text('last_push_at'),
    lastPullAt: text('last_pull_at'),
    lastSuccessAt: text('last_success_at'),
    lastError: text('last_error'),
    lastErrorAt: text('last_error_at'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: text('failing_since'),
    nextAttemptAt: text('next_attempt_at'),
    /** The greatest hybrid logical clock value this store has produced or received. */
    hlc: text('hlc'),
    /**
     * During a full resync (docs/sync.md): the first seq of the rows that re-queue everything. The rows before
     * it are superseded and never sent; the block is renumbered to follow what HQ says it holds.
     */
    resyncFromSeq: integer('resync_from_seq'),
  },
  (t) => [check('sync_state_single_row', sql`${t.id} = 1`)],
);

/** The clock of each shared settings document as it stands here: the greater one wins (docs/sync.md). */
export const syncSettingsClock = sqliteTable('sync_settings_clock', {
  name: text('name').primaryKey(),
  hlc: text('hlc').notNull(),
});

/**
 * What the store has that HQ may not (changes made before HQ was configured, or everything for a resync):
 * queued a slice per transaction, kind after kind (`phase`: settings, customer, invoice, audit, aggregate),
 * each kind by rowid from `through_rowid` up to `until_rowid`, its last row when the phase began. Later rows
 * were queued by the change itself. No row: nothing to send.
 */
export const syncBackfill = sqliteTable(
  'sync_backfill',
  {
    id: integer('id').primaryKey(),
    phase: text('phase').notNull().default('invoice'),
    throughRowid: integer('through_rowid').notNull(),
    untilRowid: integer('until_rowid').notNull(),
    /** Each phase's last rowid when the backfill began (JSON by phase); without it, when the phase begins. */
    untilRowids: text('until_rowids'),
  },
  (t) => [check('sync_backfill_single_row', sql`${t.id} = 1`)],
);

/**
 * Who pushes and pulls now: one pass at a time per data directory, whichever process runs it (`hoadon serve`
 * or `hoadon sync now` beside it). Two passes at once would each act on what the other is changing: a resync
 * renumbered by one under batches the other has in flight. `until` is renewed while the pass runs; a lease
 * whose process is gone (`pid` on this machine) or past `until` is free. No row: free.
 */
export const syncLease = sqliteTable(
  'sync_lease',
  {
    id: integer('id').primaryKey(),
    owner: text('owner').notNull(),
    pid: integer('pid').notNull(),
    until: text('until').notNull(),
  },
  (t) => [check('sync_lease_single_row', sql`${t.id} = 1`)],
);
