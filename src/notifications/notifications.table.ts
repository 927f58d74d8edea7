import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const NOTIFICATION_TYPES = ['invoice', 'system', 'aggregate'] as const;

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: text('created_at').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    /** Lets the node raise a condition once (e.g. "plan 80 % for 2026-11") however often it is seen. */
    dedupeKey: text('dedupe_key').unique(),
  },
  (t) => [
    index('notifications_created_at').on(t.createdAt),
    index('notifications_read_created_at').on(t.read, t.createdAt),
  ],
);
