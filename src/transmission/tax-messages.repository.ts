/**
 * All SQL of the TDiep exchange: the messages sent (stored before they leave), the replies read (once by
 * their MTDiep), the registration, and the invoices of a package (the `transmissions` rows whose
 * message_id is the package's MTDiep).
 */
import type Database from 'better-sqlite3';
import type { RegistrationState, TaxMessageState } from './transmission.table.js';

/**
 * A message as the worker handles it; its text (up to 2 MB, deflated by message-text.ts) is read apart, only
 * to be sent (`xmlOf`).
 */
export interface TaxMessageRow {
  messageId: string;
  type: string;
  state: TaxMessageState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RegistrationRow {
  messageId: string;
  state: RegistrationState;
  cashRegisterPrefix: string | null;
  reason: string | null;
  /** 1 when only the embedded simulator answered (demo). */
  simulated: number;
  updatedAt: string;
}

const MESSAGE_COLUMNS = `message_id AS messageId, type, state, attempts, next_attempt_at AS nextAttemptAt,
  last_error AS lastError, created_at AS createdAt, updated_at AS updatedAt`;

/** The invoices a message carries, by the transmissions_message index (a package's 100, among a million rows). */
export const PACKAGE_INVOICES_SQL = 'SELECT invoice_id AS invoiceId FROM transmissions WHERE message_id = ?';

export function createTaxMessagesRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare(
    `INSERT INTO tax_messages (message_id, type, state, xml, attempts, next_attempt_at, last_error, created_at, updated_at)
     VALUES (@messageId, @type, @state, @xml, @attempts, @nextAttemptAt, @lastError, @createdAt, @updatedAt)`,
  );
  const update = sqlite.prepare(
    `UPDATE tax_messages SET state = @state, attempts = @attempts, next_attempt_at = @nextAttemptAt,
       last_error = @lastError, updated_at = @updatedAt WHERE message_id = @messageId`,
  );
  const byId = sqlite.prepare<[string], TaxMessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM tax_messages WHERE message_id = ?`,
  );
  const xmlOf = sqlite.prepare<[string], { xml: string | Buffer }>('SELECT xml FROM tax_messages WHERE message_id = ?');
  const due = sqlite.prepare<[{ now: string; limit: number }], TaxMessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM tax_messages INDEXED BY tax_messages_state_next_attempt
     WHERE state IN ('prepared', 'sent', 'received') AND next_attempt_at <= @now ORDER BY next_attempt_at LIMIT @limit`,
  );
  const open = sqlite.prepare<[], { n: number }>(
    `SELECT count(*) AS n FROM tax_messages WHERE state IN ('prepared', 'sent', 'received')`,
  );
  const insertReply = sqlite.prepare(
    `INSERT OR IGNORE INTO tax_replies (reply_id, reply_to, type, xml, received_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const repliesOf = sqlite.prepare<[string], { xml: string }>(
    'SELECT xml FROM tax_replies WHERE reply_to = ? ORDER BY rowid',
  );
  const registration = sqlite.prepare<[], RegistrationRow>(
    `SELECT message_id AS messageId, state, cash_register_prefix AS cashRegisterPrefix, reason, simulated, updated_at AS updatedAt
     FROM tax_registration WHERE id = 1`,
  );
  const saveRegistration = sqlite.prepare(
    `INSERT INTO tax_registration (id, message_id, state, cash_register_prefix, reason, simulated, updated_at)
     VALUES (1, @messageId, @state, @cashRegisterPrefix, @reason, @simulated, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET message_id = excluded.message_id, state = excluded.state,
       cash_register_prefix = excluded.cash_register_prefix, reason = excluded.reason,
       simulated = excluded.simulated, updated_at = excluded.updated_at`,
  );
  const attention = sqlite.prepare<[], { n: number; lastError: string | null }>(
    `SELECT count(*) AS n, max(last_error) AS lastError FROM tax_messages INDEXED BY tax_messages_state_next_attempt
     WHERE state = 'attention'`,
  );
  const packageInvoices = sqlite.prepare<[string], { invoiceId: string }>(PACKAGE_INVOICES_SQL);
  return {
    insert: (row: TaxMessageRow & { xml: Buffer }) => void insert.run(row),
    save: (row: TaxMessageRow) => void update.run(row),
    find: (messageId: string) => byId.get(messageId),
    /** The text stored before the message first left, as message-text.ts keeps it. */
    xmlOf: (messageId: string) => xmlOf.get(messageId)?.xml,
    due: (now: string, limit: number) => due.all({ now, limit }),
    openCount: () => open.get()?.n ?? 0,
    /** Messages waiting for the owner because a reply to them could not be read, and the last such error. */
    attention: () => attention.get() ?? { n: 0, lastError: null },
    /** Stores a reply once; false when it was already stored. */
    addReply: (reply: { id: string; replyTo: string; type: string; xml: string }, at: string) =>
      insertReply.run(reply.id, reply.replyTo, reply.type, reply.xml, at).changes > 0,
    replies: (messageId: string) => repliesOf.all(messageId).map((r) => r.xml),
    registration: () => registration.get(),
    saveRegistration: (row: RegistrationRow) => void saveRegistration.run(row),
    invoicesOf: (messageId: string) => packageInvoices.all(messageId).map((r) => r.invoiceId),
  };
}

export type TaxMessagesRepository = ReturnType<typeof createTaxMessagesRepository>;
