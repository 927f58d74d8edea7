import type Database from 'better-sqlite3';
import type { TransmissionState } from './transmission.table.js';

export interface TransmissionRow {
  invoiceId: string;
  messageId: string;
  state: TransmissionState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  queuedAt: string;
  acceptedAt: string | null;
  updatedAt: string;
}

const COLUMNS = `invoice_id AS invoiceId, message_id AS messageId, state, attempts, next_attempt_at AS nextAttemptAt,
  last_error AS lastError, queued_at AS queuedAt, accepted_at AS acceptedAt, updated_at AS updatedAt`;

/**
 * The queue's reads name their index. Nearly every row of a store's history is `accepted`: statistics from
 * ANALYZE then call `state` unselective, and SQLite chose to scan the whole table (132 ms at 1 M invoices,
 * every second, on the worker's pass and on /health) to find the handful of rows still waiting.
 */
const BY_STATE = 'transmissions INDEXED BY transmissions_state_next_attempt';

/**
 * Rows due now, the longest-due first. Ordered by next_attempt_at (for a row never tried, its queue time), so
 * both arms come out of the (state, next_attempt_at) index already sorted and merge: after a long outage the
 * worker's look at thousands of due rows stays a short index walk, never a sort of all of them.
 */
export const DUE_SQL = `SELECT ${COLUMNS} FROM (
       SELECT * FROM ${BY_STATE} WHERE state = 'sent' AND next_attempt_at <= @now
       UNION ALL SELECT * FROM ${BY_STATE} WHERE state = 'queued' AND next_attempt_at <= @now
     ) ORDER BY next_attempt_at LIMIT @limit`;

/** How many invoices wait to be sent (/health): a walk of the state index alone, never of the rows. */
export const WAITING_COUNT_SQL = `SELECT count(*) AS queued FROM ${BY_STATE} WHERE state IN ('queued', 'sent')`;

/**
 * Since when the oldest waits (/health, the worker's late warning): the first entry of each state in the
 * (state, queued_at) index. Asked as one min over both states, SQLite read every waiting row for it.
 */
export const OLDEST_WAITING_SQL = `SELECT min(oldest) AS oldest FROM (
       SELECT min(queued_at) AS oldest FROM transmissions INDEXED BY transmissions_state_queued_at WHERE state = 'queued'
       UNION ALL SELECT min(queued_at) FROM transmissions INDEXED BY transmissions_state_queued_at WHERE state = 'sent'
     )`;

export function createTransmissionRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare(
    `INSERT INTO transmissions (invoice_id, message_id, state, attempts, next_attempt_at, queued_at, updated_at)
     VALUES (?, ?, 'queued', 0, ?, ?, ?)`,
  );
  const byInvoice = sqlite.prepare<[string], TransmissionRow>(
    `SELECT ${COLUMNS} FROM transmissions WHERE invoice_id = ?`,
  );
  const due = sqlite.prepare<[{ now: string; limit: number }], TransmissionRow>(DUE_SQL);
  const update = sqlite.prepare(
    `UPDATE transmissions SET message_id = @messageId, state = @state, attempts = @attempts, next_attempt_at = @nextAttemptAt,
       last_error = @lastError, accepted_at = @acceptedAt, updated_at = @updatedAt WHERE invoice_id = @invoiceId`,
  );
  const queuedDue = sqlite.prepare<[{ now: string; limit: number }], TransmissionRow>(
    `SELECT ${COLUMNS} FROM ${BY_STATE} WHERE state = 'queued' AND next_attempt_at <= @now ORDER BY next_attempt_at LIMIT @limit`,
  );
  // Rows left \`sent\` over the JSON wire of earlier versions: their message id names no stored TDiep.
  const legacyDue = sqlite.prepare<[{ now: string; limit: number }], TransmissionRow>(
    `SELECT ${COLUMNS} FROM ${BY_STATE} WHERE state = 'sent' AND next_attempt_at <= @now
       AND NOT EXISTS (SELECT 1 FROM tax_messages m WHERE m.message_id = transmissions.message_id)
     ORDER BY next_attempt_at LIMIT @limit`,
  );
  const waitingCount = sqlite.prepare<[], { queued: number }>(WAITING_COUNT_SQL);
  const oldestWaiting = sqlite.prepare<[], { oldest: string | null }>(OLDEST_WAITING_SQL);
  const counts = sqlite.prepare<[], { state: TransmissionState; n: number }>(
    'SELECT state, count(*) AS n FROM transmissions GROUP BY state',
  );
  return {
    enqueue(invoiceId: string, messageId: string, at: string): void {
      insert.run(invoiceId, messageId, at, at, at);
    },
    find: (invoiceId: string) => byInvoice.get(invoiceId),
    due: (now: string, limit: number) => due.all({ now, limit }),
    /** Invoices waiting for a package, the longest-waiting first. */
    queuedDue: (now: string, limit: number) => queuedDue.all({ now, limit }),
    /** Invoices in doubt under the JSON wire of an earlier version (carried over to TDiep). */
    legacyDue: (now: string, limit: number) => legacyDue.all({ now, limit }),
    save(row: TransmissionRow): void {
      update.run(row);
    },
    /** How many invoices wait and since when. */
    pending: () => ({ queued: waitingCount.get()?.queued ?? 0, oldest: oldestWaiting.get()?.oldest ?? null }),
    /** Since when the oldest invoice waits, without counting them. */
    oldestWaiting: () => oldestWaiting.get()?.oldest ?? null,
    counts: () =>
      Object.fromEntries(counts.all().map((r) => [r.state, r.n])) as Partial<Record<TransmissionState, number>>,
  };
}

export type TransmissionRepository = ReturnType<typeof createTransmissionRepository>;
