/** All SQL of the outbox: appended in the transaction of each change, read and acked by the push loop. */
import type Database from 'better-sqlite3';
import { canonicalJson } from '../../src/domain/canonical-json.js';
import type { OutboxKind, PushRecord } from '../protocol.js';

export interface OutboxEntry {
  kind: OutboxKind;
  /** The entity's id; the record id is `<kind>:<id>`. */
  id: string;
  /** The entity's own version when it has one (an invoice); otherwise the change's seq, which only grows. */
  version?: number;
  at: string;
  payload: Record<string, unknown>;
}

/**
 * A PushRecord as stored: `payload` is its canonical JSON text as UTF-8 bytes, sent as they are (hq-client
 * splices them in): never decoded into a string only to be encoded again for the wire.
 */
export type OutboxRecord = Omit<PushRecord, 'payload'> & { payload: Buffer };

export function createOutboxRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare<[string, string, number, string, string], { seq: number }>(
    'INSERT INTO sync_outbox (record_id, kind, version, at, payload) VALUES (?, ?, ?, ?, ?) RETURNING seq',
  );
  const versionIsSeq = sqlite.prepare<[number]>('UPDATE sync_outbox SET version = seq WHERE seq = ?');
  const from = sqlite.prepare<[number, number], OutboxRecord>(
    'SELECT seq, record_id AS recordId, kind, version, at, CAST(payload AS BLOB) AS payload FROM sync_outbox WHERE seq >= ? ORDER BY seq LIMIT ?',
  );
  const ackedAt = sqlite.prepare<[number, string]>(
    'INSERT INTO sync_push_acks (through_seq, at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const unackAbove = sqlite.prepare<[number]>('DELETE FROM sync_push_acks WHERE through_seq > ?');
  const lowestFrom = sqlite.prepare<[number], { seq: number }>(
    'SELECT seq FROM sync_outbox WHERE seq >= ? ORDER BY seq LIMIT 1',
  );
  // O(log n) whatever the backlog (/health asks on every probe): seqs are dense, since AUTOINCREMENT's counter
  // rolls back with the transaction or savepoint that took a seq, and pruning removes acked rows only.
  const pending = sqlite.prepare<[], { count: number; oldest: string | null }>(
    `SELECT max(0, coalesce((SELECT max(seq) FROM sync_outbox), 0) - w.through) AS count,
       (SELECT at FROM sync_outbox WHERE seq > w.through ORDER BY seq LIMIT 1) AS oldest
     FROM (SELECT coalesce((SELECT pushed_through_seq FROM sync_state WHERE id = 1), 0) AS through) w`,
  );
  const prune = sqlite.prepare<[string]>(
    'DELETE FROM sync_outbox WHERE seq <= (SELECT max(through_seq) FROM sync_push_acks WHERE at < ?)',
  );
  const pruneAcks = sqlite.prepare<[string]>('DELETE FROM sync_push_acks WHERE at < ?');
  const lastSeq = sqlite.prepare<[], { seq: number }>(
    "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'sync_outbox'), 0) AS seq",
  );
  const dropBefore = sqlite.prepare<[number]>('DELETE FROM sync_outbox WHERE seq < ?');
  const negate = sqlite.prepare('UPDATE sync_outbox SET seq = -seq');
  const shiftNegated = sqlite.prepare<[number]>('UPDATE sync_outbox SET seq = ? - seq');
  const versionsAreSeqs = sqlite.prepare(
    "UPDATE sync_outbox SET version = seq WHERE kind IN ('customer', 'settings', 'aggregate')",
  );
  const setLastSeq = sqlite.prepare<[number]>("UPDATE sqlite_sequence SET seq = ? WHERE name = 'sync_outbox'");
  const insertLastSeq = sqlite.prepare<[number]>("INSERT INTO sqlite_sequence (name, seq) VALUES ('sync_outbox', ?)");
  const maxSeq = sqlite.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM sync_outbox');

  return {
    /** Call inside the transaction of the change. Answers the row's seq. */
    append(entry: OutboxEntry): number {
      const { seq } = insert.get(
        `${entry.kind}:${entry.id}`,
        entry.kind,
        entry.version ?? 0,
        entry.at,
        canonicalJson(entry.payload),
      ) as { seq: number };
      if (entry.version === undefined) versionIsSeq.run(seq);
      return seq;
    },

    /**
     * The rows from `seq` on in seq order, consecutive, at most `limit` of them and about `maxBytes` of
     * payload (at least one row), so that a batch stays under HQ's body limit. The push asks from the
     * watermark on (sync_state.pushed_through_seq + 1), or past the batches it already has in flight.
     */
    batchFrom(seq: number, limit: number, maxBytes: number): OutboxRecord[] {
      const records: OutboxRecord[] = [];
      let bytes = 0;
      for (const row of from.all(seq, limit)) {
        bytes += row.payload.length;
        if (records.length > 0 && (row.seq !== records.at(-1)!.seq + 1 || bytes > maxBytes)) break;
        records.push(row);
      }
      return records;
    },

    /**
     * HQ holds every row up to `seq` and none after it: call in the transaction that moves
     * sync_state.pushed_through_seq to `seq`. Only times are written here, for pruning: a point passed again
     * keeps its first time, and the points above a lowered watermark go (those rows are due again).
     */
    ackedThrough: (seq: number, at: string) => {
      unackAbove.run(seq);
      ackedAt.run(seq, at);
    },

    /** The first row kept from `seq` on (acked rows are pruned after a while). */
    firstKeptFrom: (seq: number): number | undefined => lowestFrom.get(seq)?.seq,

    pending(): { count: number; oldestAt: string | null } {
      const row = pending.get() as { count: number; oldest: string | null };
      return { count: row.count, oldestAt: row.oldest };
    },

    /** The seq the next appended row gets. */
    nextSeq: (): number => (lastSeq.get()?.seq ?? 0) + 1,

    /**
     * A resync's rows (seq `from` on) follow what HQ holds: every row before them goes (the resync supersedes
     * it) and they are renumbered to start at `to`, in order, the seqs that stand for a version following
     * (capture.ts). The next row appended follows them. Call in a transaction.
     */
    renumber(from: number, to: number): void {
      dropBefore.run(from);
      negate.run();
      shiftNegated.run(to - from);
      versionsAreSeqs.run();
      const last = Math.max(maxSeq.get()?.seq ?? 0, to - 1);
      if (setLastSeq.run(last).changes === 0) insertLastSeq.run(last);
    },

    /** Deletes the rows acked before `at`; call in a transaction. */
    pruneAckedBefore(at: string): number {
      const { changes } = prune.run(at);
      pruneAcks.run(at);
      return changes;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
