import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { HQ_ROLES } from '../users.table.js';

/** HQ's users (as `../users.table.ts` on SQLite). */
export const hqUsers = pgTable(
  'hq_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    role: text('role', { enum: HQ_ROLES }).notNull(),
    stores: text('stores').notNull().default('[]'),
    passwordHash: text('password_hash').notNull(),
    disabledAt: text('disabled_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('hq_users_username').on(t.username)],
);

/** Signed-in sessions of the console (as `../users.table.ts` on SQLite). */
export const hqSessions = pgTable(
  'hq_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => hqUsers.id),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('hq_sessions_user').on(t.userId), index('hq_sessions_expires').on(t.expiresAt)],
);
