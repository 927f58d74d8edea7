import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** `email`: the buyer's address over SMTP; `webhook`: the buyer's phone, handed to the shop's SMS/Zalo provider. */
export const DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** `queued`: waiting for its (next) attempt; `sent`: handed over, never again; `failed`: refused for good. */
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The outbox of invoices on their way to the buyer (docs/delivery.md): one row per sending, written in the
 * invoice's transaction at issue, or by a resend. A row sent or failed is never tried again; a resend is a
 * new row.
 */
export const deliveries = sqliteTable(
  'deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: text('invoice_id').notNull(),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    /** The e-mail address, or the phone number the webhook is given. */
    recipient: text('recipient').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    lastError: text('last_error'),
    requestedBy: text('requested_by').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // The invoice detail's delivery history.
    index('deliveries_invoice').on(t.invoiceId, t.id),
    // The job's due rows: only the queued ones are indexed.
    index('deliveries_due').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
  ],
);

/**
 * The SMTP server set from the console (PUT /settings/email), one row. Kept apart from the settings
 * documents, which go to headquarters: the password stays on the node.
 */
export const mailSettings = sqliteTable(
  'mail_settings',
  {
    id: integer('id').primaryKey(),
    smtpUrl: text('smtp_url'),
    mailFrom: text('mail_from'),
    updatedAt: text('updated_at').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('mail_settings_one_row', sql`${t.id} = 1`)],
);
