import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The people who sign in to HQ's console (docs/hq.md "Users and roles"). */
export const HQ_ROLES = ['owner', 'accountant', 'manager'] as const;
export type HqRole = (typeof HQ_ROLES)[number];

/**
 * HQ's users. `stores` is the JSON array of store ids a manager sees (empty for the other roles): a handful
 * of ids read with the user at every request, never searched by store. Only the scrypt hash of the password
 * is kept (src/auth/passwords.ts).
 */
export const hqUsers = sqliteTable(
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

/**
 * Signed-in sessions of the console: the sha256 of the cookie's random value, so that a copy of the database
 * signs nobody in. Deleted at sign-out, and all of a user's when the user is disabled or given a new password.
 */
export const hqSessions = sqliteTable(
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
