import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { GENESIS_HASH, auditHash } from './audit-chain.js';
import { auditEntries } from './audit.table.js';

export type AuditRow = typeof auditEntries.$inferSelect;

export interface AuditInput {
  invoiceId: string;
  at: string;
  actor: string;
  action: string;
  details: Record<string, unknown>;
}

export function createAuditRepository(db: Db) {
  return {
    /** Appends to the invoice's chain; call inside the transaction of the change it records. */
    append(input: AuditInput): AuditRow {
      const last = db
        .select({ seq: auditEntries.seq, hash: auditEntries.hash })
        .from(auditEntries)
        .where(eq(auditEntries.invoiceId, input.invoiceId))
        .orderBy(desc(auditEntries.seq))
        .limit(1)
        .get();
      const seq = (last?.seq ?? 0) + 1;
      const prevHash = last?.hash ?? GENESIS_HASH;
      const hash = auditHash(prevHash, { ...input, seq });
      return db
        .insert(auditEntries)
        .values({ ...input, seq, details: JSON.stringify(input.details), prevHash, hash })
        .returning()
        .get();
    },
    listForInvoice: (invoiceId: string): AuditRow[] =>
      db.select().from(auditEntries).where(eq(auditEntries.invoiceId, invoiceId)).orderBy(asc(auditEntries.seq)).all(),
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
