/** Reading and verifying audit trails. Writing is AuditRepository.append, inside each change's transaction. */
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { inTransaction } from '../db/transaction.js';
import type { AuditRepository } from './audit.repository.js';
import type { AuditEntry } from './audit.schemas.js';
import { type VerifyReport, verifyAuditEntries } from './audit-verify.js';

export function createAuditService(deps: {
  audit: AuditRepository;
  /** Throws the invoice's 404 when there is no such invoice (InvoicesService.find). */
  invoices: { find(invoiceId: string): unknown };
  sqlite: Database.Database;
  clock: Clock;
}) {
  const { audit, invoices, sqlite, clock } = deps;
  return {
    /**
     * Records something done with an invoice that does not change it (a PDF or XML handed out), in its own
     * transaction: reads that must leave a trace.
     */
    record(invoiceId: string, actor: string, action: string, details: Record<string, unknown>): void {
      inTransaction(sqlite, () => audit.append({ invoiceId, at: clock.now().toISOString(), actor, action, details }));
    },

    /** The trail of an invoice, oldest first (404 for an unknown invoice). */
    trail(invoiceId: string): AuditEntry[] {
      invoices.find(invoiceId);
      return audit.listForInvoice(invoiceId).map(({ seq, at, actor, action, details, prevHash, hash }) => ({
        seq,
        at,
        actor,
        action,
        details: JSON.parse(details) as Record<string, unknown>,
        prevHash,
        hash,
      }));
    },

    /** Recomputes one subject's chain, or every chain (invoices and `settings:<name>`). */
    verify(subject?: string): VerifyReport {
      return verifyAuditEntries(subject === undefined ? audit.everyEntry() : audit.listForInvoice(subject));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
