import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SCHEDULED_ISSUE_STATES } from '../orders/orders.table.js';

/**
 * Auto-issue on paid: one durable row per paid order, written in the pay transaction, so the job survives
 * restarts and an order can never be scheduled twice (the order id is the key). The invoice itself is only
 * made when the row comes due, because its number must be allocated at issue time to stay gapless and
 * ascending. `pending` is what the order shows until then (also between retries); `skipped` means the order
 * was invoiced another way (one-click won) or cancelled; `failed` is left for the admin.
 */
export const scheduledIssues = sqliteTable(
  'scheduled_issues',
  {
    orderId: text('order_id').primaryKey(),
    state: text('state', { enum: SCHEDULED_ISSUE_STATES }).notNull(),
    dueAt: text('due_at').notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error'),
    invoiceId: text('invoice_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('scheduled_issues_state_due_at').on(t.state, t.dueAt)],
);
