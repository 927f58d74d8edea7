import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const TRANSMISSION_STATES = ['queued', 'sent', 'accepted', 'rejected'] as const;
export type TransmissionState = (typeof TRANSMISSION_STATES)[number];

/**
 * The durable queue towards the tax authority: one row per invoice, written in the invoice's transaction.
 * `sent` means a message left and no answer came back yet (in doubt): before any resend the worker asks the
 * tax authority about that message id, which stays the same for every attempt.
 */
export const transmissions = sqliteTable(
  'transmissions',
  {
    invoiceId: text('invoice_id').primaryKey(),
    messageId: text('message_id').notNull(),
    state: text('state', { enum: TRANSMISSION_STATES }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: text('next_attempt_at').notNull(),
    lastError: text('last_error'),
    queuedAt: text('queued_at').notNull(),
    acceptedAt: text('accepted_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('transmissions_state_next_attempt').on(t.state, t.nextAttemptAt)],
);
