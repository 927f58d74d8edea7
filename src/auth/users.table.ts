import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'cashier', 'accountant'] }).notNull(),
  disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
  /**
   * Carried by each token the user is given; a password change or a disable moves it on, so every token
   * issued before no longer authenticates (src/auth/auth.service.ts).
   */
  tokenEpoch: integer('token_epoch').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** Tokens signed out before they expire (POST /auth/logout), kept until their expiry, then purged. */
export const revokedTokens = sqliteTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  /** Unix seconds, the token's own `exp`. */
  expiresAt: integer('expires_at').notNull(),
});
