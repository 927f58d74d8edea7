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

interface OutboxRow {
  seq: number;
  recordId: string;
  kind: OutboxKind;
  version: number;
  at: string;
  payload: string;
}

export function createOutboxRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare<[string, string, number, string, string], { seq: number }>(
    'INSERT INTO sync_outbox (record_id, kind, version, at, payload) VALUES (?, ?, ?, ?, ?) RETURNING seq',
  );
  const versionIsSeq = sqlite.prepare<[number]>('UPDATE sync_outbox SET version = seq WHERE seq = ?');
  // INDEXED BY here and in ackThrough: left to itself the planner walks the table by seq from the start (no
  // sort needed) and steps over every acked row still kept, at each batch; pushing a backlog of 100,000
  // invoices then took quadratic time (bench/sync.ts: 45 ms per ack at the end instead of a few).
  const unacked = sqlite.prepare<[number], OutboxRow>(
    'SELECT seq, record_id AS recordId, kind, version, at, payload FROM sync_outbox INDEXED BY sync_outbox_unacked_seq WHERE acked = 0 ORDER BY seq LIMIT ?',
  );
  const ackThrough = sqlite.prepare<[string, number]>('UPDATE sync_outbox INDEXED BY sync_outbox_unacked_seq SET acked = 1, acked_at = ? WHERE acked = 0 AND seq <= ?');
  const unackFrom = sqlite.prepare<[number]>('UPDATE sync_outbox SET acked = 0, acked_at = NULL WHERE acked = 1 AND seq >= ?');
  const lowestFrom = sqlite.prepare<[number], { seq: number }>('SELECT seq FROM sync_outbox WHERE seq >= ? ORDER BY seq LIMIT 1');
  const pending = sqlite.prepare<[], { count: number; oldest: string | null }>(
    'SELECT count(*) AS count, min(at) AS oldest FROM sync_outbox WHERE acked = 0',
  );
  const prune = sqlite.prepare<[string]>('DELETE FROM sync_outbox WHERE acked = 1 AND acked_at < ?');

  return {
    /** Call inside the transaction of the change. Answers the row's seq. */
    append(entry: OutboxEntry): number {
      const { seq } = insert.get(`${entry.kind}:${entry.id}`, entry.kind, entry.version ?? 0, entry.at, canonicalJson(entry.payload)) as { seq: number };
      if (entry.version === undefined) versionIsSeq.run(seq);
      return seq;
    },

    /**
     * The oldest unacked rows in seq order, consecutive, at most `limit` of them and about `maxBytes` of
     * payload (at least one row), so that a batch stays under HQ's body limit.
     */
    batch(limit: number, maxBytes: number): PushRecord[] {
      const rows = unacked.all(limit);
      const records: PushRecord[] = [];
      let bytes = 0;
      for (const row of rows) {
        bytes += row.payload.length;
        if (records.length > 0 && (row.seq !== records.at(-1)!.seq + 1 || bytes > maxBytes)) break;
        records.push({ seq: row.seq, recordId: row.recordId, kind: row.kind, version: row.version, at: row.at, payload: JSON.parse(row.payload) as Record<string, unknown> });
      }
      return records;
    },

    /** HQ holds every row up to `seq`. */
    ackThrough: (seq: number, at: string) => ackThrough.run(at, seq).changes,

    /** HQ holds nothing from `seq` on (it said so after a gap): those rows are due again. */
    resendFrom: (seq: number) => unackFrom.run(seq).changes,

    /** The first row kept from `seq` on (acked rows are pruned after a while). */
    firstKeptFrom: (seq: number): number | undefined => lowestFrom.get(seq)?.seq,

    pending(): { count: number; oldestAt: string | null } {
      const row = pending.get() as { count: number; oldest: string | null };
      return { count: row.count, oldestAt: row.oldest };
    },

    pruneAckedBefore: (at: string) => prune.run(at).changes,
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
