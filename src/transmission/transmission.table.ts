import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * `attention` ("cần kiểm tra"): the authority answered the invoice's package without accepting it and
 * without naming it (a 204 other than LTBao 2); it waits for the owner to resend or correct it.
 */
export const TRANSMISSION_STATES = ['queued', 'sent', 'accepted', 'rejected', 'attention'] as const;
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
  (t) => [
    index('transmissions_state_next_attempt').on(t.state, t.nextAttemptAt),
    // The oldest invoice still waiting (the worker's late warning, /health) in two index look-ups, not a
    // read of every waiting row: 30-40 ms of the event loop behind a backlog of 100,000.
    index('transmissions_state_queued_at').on(t.state, t.queuedAt),
    // A package's invoices, read each time one of its replies is handled; without it, every row of the
    // store's history was read for each message.
    index('transmissions_message').on(t.messageId),
  ],
);

export const TAX_MESSAGE_STATES = ['prepared', 'sent', 'received', 'answered', 'refused', 'attention'] as const;
export type TaxMessageState = (typeof TAX_MESSAGE_STATES)[number];

/**
 * Every TDiep the node sends, stored (with its exact text) before it leaves: `prepared` (written, not yet
 * handed over), `sent` (handed over, no answer read), `received` (999 TTTNhan 0, waiting for the business
 * reply), `answered` (its business reply processed), `refused` (999 TTTNhan 1 or -1: nothing was received;
 * what it carried goes out again under a new MTDiep), `attention` (a reply came that the node cannot read: it
 * is kept as it came and the message is not looked up again; the owner decides). Replies are polled by
 * MTDiep while it is sent or received.
 */
export const taxMessages = sqliteTable(
  'tax_messages',
  {
    messageId: text('message_id').primaryKey(),
    type: text('type').notNull(),
    state: text('state', { enum: TAX_MESSAGE_STATES }).notNull(),
    xml: text('xml').notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: text('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('tax_messages_state_next_attempt').on(t.state, t.nextAttemptAt)],
);

/** Every reply read from the authority, once by its own MTDiep, with the message it answers. */
export const taxReplies = sqliteTable(
  'tax_replies',
  {
    replyId: text('reply_id').primaryKey(),
    replyTo: text('reply_to').notNull(),
    type: text('type').notNull(),
    xml: text('xml').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [index('tax_replies_reply_to').on(t.replyTo)],
);

export const REGISTRATION_STATES = ['sent', 'received', 'accepted', 'refused'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** The store's registration (01/ĐKTĐ-HĐĐT): its last 100 and what the authority answered. One row. */
export const taxRegistration = sqliteTable('tax_registration', {
  id: integer('id').primaryKey(),
  messageId: text('message_id').notNull(),
  state: text('state', { enum: REGISTRATION_STATES }).notNull(),
  cashRegisterPrefix: text('cash_register_prefix'),
  reason: text('reason'),
  /** 1 when the answer came from the embedded simulator (demo), not the tax authority: "chấp nhận (dùng thử)". */
  simulated: integer('simulated').notNull().default(0),
  updatedAt: text('updated_at').notNull(),
});
