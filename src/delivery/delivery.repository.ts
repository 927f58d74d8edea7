/** All SQL of the delivery outbox (`deliveries`) and of the SMTP settings row (`mail_settings`). */
import type Database from 'better-sqlite3';
import type { DeliveryChannel, DeliveryState } from './delivery.table.js';

export interface DeliveryRow {
  id: number;
  invoiceId: string;
  channel: DeliveryChannel;
  recipient: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One sending as the invoice detail shows it. */
export interface DeliveryView {
  channel: DeliveryChannel;
  to: string;
  state: DeliveryState;
  at: string;
  error?: string;
}

export interface StoredMailSettings {
  smtpUrl: string | null;
  mailFrom: string | null;
  updatedAt: string;
  updatedBy: string;
}

const COLUMNS = `id, invoice_id AS invoiceId, channel, recipient, state, attempts, next_attempt_at AS nextAttemptAt,
  last_error AS lastError, created_at AS createdAt, updated_at AS updatedAt`;

export function createDeliveryRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare<{
    invoiceId: string;
    channel: DeliveryChannel;
    recipient: string;
    requestedBy: string;
    at: string;
  }>(
    `INSERT INTO deliveries (invoice_id, channel, recipient, state, attempts, next_attempt_at, requested_by, created_at, updated_at)
     VALUES (@invoiceId, @channel, @recipient, 'queued', 0, @at, @requestedBy, @at, @at)`,
  );
  const due = sqlite.prepare<[string, number], DeliveryRow>(
    `SELECT ${COLUMNS} FROM deliveries INDEXED BY deliveries_due
     WHERE state = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const nextDue = sqlite
    .prepare<[], string>(
      `SELECT next_attempt_at FROM deliveries INDEXED BY deliveries_due WHERE state = 'queued'
       ORDER BY next_attempt_at LIMIT 1`,
    )
    .pluck();
  const ofInvoice = sqlite.prepare<[string], DeliveryRow>(
    `SELECT ${COLUMNS} FROM deliveries WHERE invoice_id = ? ORDER BY id`,
  );
  // Only a queued row moves: a row sent or failed is settled for good.
  const settle = sqlite.prepare<{ id: number; state: DeliveryState; error: string | null; at: string; next: string }>(
    `UPDATE deliveries SET state = @state, attempts = attempts + 1, last_error = @error, next_attempt_at = @next,
       updated_at = @at WHERE id = @id AND state = 'queued'`,
  );
  const readSettings = sqlite.prepare<[], StoredMailSettings>(
    'SELECT smtp_url AS smtpUrl, mail_from AS mailFrom, updated_at AS updatedAt, updated_by AS updatedBy FROM mail_settings WHERE id = 1',
  );
  const writeSettings = sqlite.prepare<StoredMailSettings>(
    `INSERT INTO mail_settings (id, smtp_url, mail_from, updated_at, updated_by)
     VALUES (1, @smtpUrl, @mailFrom, @updatedAt, @updatedBy)
     ON CONFLICT (id) DO UPDATE SET smtp_url = excluded.smtp_url, mail_from = excluded.mail_from,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );

  return {
    /** Queues one sending; its id. */
    enqueue: (row: {
      invoiceId: string;
      channel: DeliveryChannel;
      recipient: string;
      requestedBy: string;
      at: string;
    }) => Number(insert.run(row).lastInsertRowid),
    /** Up to `limit` queued rows whose attempt is due at `now`, oldest first. */
    due: (now: string, limit: number): DeliveryRow[] => due.all(now, limit),
    /** When the next queued row is due; undefined when nothing waits. */
    nextDue: (): string | undefined => nextDue.get(),
    /** The invoice's sendings, oldest first. */
    ofInvoice: (invoiceId: string): DeliveryRow[] => ofInvoice.all(invoiceId),
    /** The invoice's sendings as its detail shows them (DETAIL_JSON_SQL in invoices/invoice-json.ts writes the same). */
    history: (invoiceId: string): DeliveryView[] =>
      ofInvoice.all(invoiceId).map((row) => ({
        channel: row.channel,
        to: row.recipient,
        state: row.state,
        at: row.updatedAt,
        ...(row.lastError === null ? {} : { error: row.lastError }),
      })),
    /** Records an attempt: sent, failed for good, or queued again until `next`. */
    settle: (row: { id: number; state: DeliveryState; error: string | null; at: string; next: string }): boolean =>
      settle.run(row).changes > 0,
    settings: (): StoredMailSettings | undefined => readSettings.get(),
    saveSettings: (settings: StoredMailSettings): void => void writeSettings.run(settings),
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
