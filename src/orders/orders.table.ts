import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const ORDER_STATUSES = ['open', 'paid', 'invoiced', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_CHANNELS = ['admin', 'pos', 'web'] as const;

/** Where an order's auto-issue on paid stands (the schedule itself is src/auto-issue's). */
export const SCHEDULED_ISSUE_STATES = ['pending', 'issued', 'skipped', 'failed'] as const;
export type ScheduledIssueState = (typeof SCHEDULED_ISSUE_STATES)[number];

/**
 * Orders recorded by the POS or arriving from headquarters (web orders). An order is a document: buyer
 * and lines are kept as validated JSON; the invoice made from it is linked by `invoiceId`.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull(),
    source: text('source', { enum: ['store', 'hq'] }).notNull(),
    buyer: text('buyer').notNull(),
    items: text('items').notNull(),
    paymentMethod: text('payment_method').notNull(),
    invoiceId: text('invoice_id'),
    createdBy: text('created_by').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    paidAt: text('paid_at'),
  },
  (t) => [
    index('orders_created_at').on(t.createdAt),
    index('orders_status_created_at').on(t.status, t.createdAt),
    index('orders_channel_created_at').on(t.channel, t.createdAt),
  ],
);
