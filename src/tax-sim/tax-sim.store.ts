/**
 * What the simulator has answered, by message id, in a SQLite file (`--data-dir`) or in memory. The schema
 * is created with CREATE TABLE IF NOT EXISTS rather than a drizzle migration: it is a test tool's scratch
 * store with one table, nothing upgrades it in place, and a file from another version can simply be deleted.
 * It stays out of migrations/ so that the store node's schema carries nothing of the simulator.
 */
import type Database from 'better-sqlite3';
import type { MessageReply } from '../transmission/tax-authority.protocol.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tax_sim_messages (
  seq INTEGER PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,
  invoice_id TEXT NOT NULL,
  status TEXT NOT NULL,
  number_key TEXT,
  fingerprint TEXT,
  reply TEXT NOT NULL,
  received_at TEXT NOT NULL,
  submissions INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS tax_sim_messages_number ON tax_sim_messages (number_key) WHERE status = 'accepted';
CREATE INDEX IF NOT EXISTS tax_sim_messages_fingerprint ON tax_sim_messages (fingerprint, seq);
`;

export interface RecordedMessage {
  messageId: string;
  invoiceId: string;
  /** Seller MST, mauSo, kyHieu and number, when the XML was readable. */
  numberKey: string | null;
  /** Hash of the signed invoice data (DLHDon): the same invoice has the same fingerprint. */
  fingerprint: string | null;
  reply: MessageReply;
  receivedAt: string;
}

export interface TaxSimStats {
  received: number;
  accepted: number;
  rejected: number;
  duplicates: number;
  resent: number;
}

export function createTaxSimStore(sqlite: Database.Database) {
  sqlite.exec(SCHEMA);
  const insert = sqlite.prepare(
    `INSERT INTO tax_sim_messages (message_id, invoice_id, status, number_key, fingerprint, reply, received_at)
     VALUES (@messageId, @invoiceId, @status, @numberKey, @fingerprint, @reply, @receivedAt)`,
  );
  const byId = sqlite.prepare<[string], { reply: string }>('SELECT reply FROM tax_sim_messages WHERE message_id = ?');
  const resubmitted = sqlite.prepare('UPDATE tax_sim_messages SET submissions = submissions + 1 WHERE message_id = ?');
  const acceptedNumber = sqlite.prepare<[string], { messageId: string; fingerprint: string | null }>(
    `SELECT message_id AS messageId, fingerprint FROM tax_sim_messages WHERE number_key = ? AND status = 'accepted' LIMIT 1`,
  );
  const counts = sqlite.prepare<[], Omit<TaxSimStats, 'duplicates'>>(
    `SELECT count(*) AS received, coalesce(sum(status = 'accepted'), 0) AS accepted, coalesce(sum(status = 'rejected'), 0) AS rejected,
       coalesce(sum(submissions - 1), 0) AS resent FROM tax_sim_messages`,
  );
  const duplicates = sqlite.prepare<[], { n: number }>(
    `SELECT count(*) AS n FROM tax_sim_messages m WHERE m.fingerprint IS NOT NULL
       AND EXISTS (SELECT 1 FROM tax_sim_messages o WHERE o.fingerprint = m.fingerprint AND o.seq < m.seq)`,
  );
  return {
    find(messageId: string): MessageReply | undefined {
      const row = byId.get(messageId);
      return row ? (JSON.parse(row.reply) as MessageReply) : undefined;
    },
    /** A known message id sent again: counted, answered from find(). */
    countResubmission(messageId: string): void {
      resubmitted.run(messageId);
    },
    acceptedWithNumber: (numberKey: string) => acceptedNumber.get(numberKey),
    record(message: RecordedMessage): void {
      insert.run({ ...message, status: message.reply.status, reply: JSON.stringify(message.reply) });
    },
    stats(): TaxSimStats {
      const row = counts.get() as Omit<TaxSimStats, 'duplicates'>;
      return { ...row, duplicates: duplicates.get()?.n ?? 0 };
    },
  };
}

export type TaxSimStore = ReturnType<typeof createTaxSimStore>;
