import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every certificate the store has signed with, kept for ever (never overwritten): an invoice names the
 * serial of the one that signed it, and this is where that serial is found again with its validity.
 */
export const signingCertificates = sqliteTable('signing_certificates', {
  fingerprint: text('fingerprint').primaryKey(),
  serial: text('serial').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  notBefore: text('not_before').notNull(),
  notAfter: text('not_after').notNull(),
  source: text('source', { enum: ['demo', 'file', 'token'] }).notNull(),
  /** 0 when it chained to no trusted root (taken under HOADON_ALLOW_UNTRUSTED_CERT=1): its invoices' PDFs say so. */
  trusted: integer('trusted', { mode: 'boolean' }).notNull(),
  pem: text('pem').notNull(),
  addedAt: text('added_at').notNull(),
});
