/**
 * What the simulator keeps of the TDiep exchange: every message received by MTDiep (its type, the
 * invoices it carried), and every reply with the instant it becomes visible, so a look-up by MTDiep
 * returns the replies given so far in order. Same scratch-store rule as tax-sim.store.ts: created with
 * CREATE TABLE IF NOT EXISTS, outside the node's migrations.
 */
import type Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tax_sim_tdiep (
  message_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  mst TEXT,
  received_at TEXT NOT NULL,
  submissions INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS tax_sim_tdiep_replies (
  seq INTEGER PRIMARY KEY,
  reply_to TEXT NOT NULL,
  type TEXT NOT NULL,
  xml TEXT NOT NULL,
  visible_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tax_sim_tdiep_replies_reply_to ON tax_sim_tdiep_replies (reply_to, seq);
CREATE TABLE IF NOT EXISTS tax_sim_tdiep_invoices (
  number_key TEXT PRIMARY KEY,
  message_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tax_sim_tdiep_arrivals (
  number_key TEXT NOT NULL,
  message_id TEXT NOT NULL,
  PRIMARY KEY (number_key, message_id)
);
CREATE TABLE IF NOT EXISTS tax_sim_tdiep_registrations (
  mst TEXT PRIMARY KEY,
  prefix TEXT NOT NULL
);
`;

export interface TdiepStats {
  /** Messages received (distinct MTDiep). */
  received: number;
  /** Submissions of an MTDiep already received. */
  resent: number;
  /** Invoice numbers accepted, each once. */
  acceptedInvoices: number;
  /** Invoice numbers that arrived in a message past its 999. */
  invoicesReceived: number;
  /** Arrivals of an invoice number in a second message: what exactly-once keeps at 0. */
  invoiceDuplicates: number;
}

export function createTdiepStore(sqlite: Database.Database) {
  sqlite.exec(SCHEMA);
  const insertMessage = sqlite.prepare(
    'INSERT INTO tax_sim_tdiep (message_id, type, mst, received_at) VALUES (?, ?, ?, ?)',
  );
  const known = sqlite.prepare<[string], { type: string }>('SELECT type FROM tax_sim_tdiep WHERE message_id = ?');
  const again = sqlite.prepare('UPDATE tax_sim_tdiep SET submissions = submissions + 1 WHERE message_id = ?');
  const insertReply = sqlite.prepare(
    'INSERT INTO tax_sim_tdiep_replies (reply_to, type, xml, visible_at) VALUES (?, ?, ?, ?)',
  );
  const replies = sqlite.prepare<[string, string], { xml: string }>(
    'SELECT xml FROM tax_sim_tdiep_replies WHERE reply_to = ? AND visible_at <= ? ORDER BY seq',
  );
  const invoice = sqlite.prepare<[string], { messageId: string }>(
    'SELECT message_id AS messageId FROM tax_sim_tdiep_invoices WHERE number_key = ?',
  );
  const insertInvoice = sqlite.prepare('INSERT INTO tax_sim_tdiep_invoices (number_key, message_id) VALUES (?, ?)');
  const registration = sqlite.prepare<[string], { prefix: string }>(
    'SELECT prefix FROM tax_sim_tdiep_registrations WHERE mst = ?',
  );
  const register = sqlite.prepare('INSERT OR REPLACE INTO tax_sim_tdiep_registrations (mst, prefix) VALUES (?, ?)');
  const arrive = sqlite.prepare('INSERT OR IGNORE INTO tax_sim_tdiep_arrivals (number_key, message_id) VALUES (?, ?)');
  const counts = sqlite.prepare<[], TdiepStats>(
    `SELECT count(*) AS received, coalesce(sum(submissions - 1), 0) AS resent,
       (SELECT count(*) FROM tax_sim_tdiep_invoices) AS acceptedInvoices,
       (SELECT count(DISTINCT number_key) FROM tax_sim_tdiep_arrivals) AS invoicesReceived,
       (SELECT count(*) - count(DISTINCT number_key) FROM tax_sim_tdiep_arrivals) AS invoiceDuplicates
     FROM tax_sim_tdiep`,
  );
  return {
    isKnown: (messageId: string) => known.get(messageId) !== undefined,
    countResubmission: (messageId: string) => void again.run(messageId),
    record: (messageId: string, type: string, mst: string | null, at: string) =>
      void insertMessage.run(messageId, type, mst, at),
    reply: (replyTo: string, type: string, xml: string, visibleAt: string) =>
      void insertReply.run(replyTo, type, xml, visibleAt),
    replies: (messageId: string, now: string) => replies.all(messageId, now).map((r) => r.xml),
    /** The message that carried an accepted invoice with that number, if any. */
    acceptedInvoice: (numberKey: string) => invoice.get(numberKey)?.messageId,
    acceptInvoice: (numberKey: string, messageId: string) => void insertInvoice.run(numberKey, messageId),
    registrationPrefix: (mst: string) => registration.get(mst)?.prefix,
    register: (mst: string, prefix: string) => void register.run(mst, prefix),
    /** An invoice number that arrived in a message past its 999 (twice in two messages: a duplicate). */
    arrived: (numberKey: string, messageId: string) => void arrive.run(numberKey, messageId),
    stats: (): TdiepStats =>
      counts.get() ?? { received: 0, resent: 0, acceptedInvoices: 0, invoicesReceived: 0, invoiceDuplicates: 0 },
  };
}

export type TdiepStore = ReturnType<typeof createTdiepStore>;
