/**
 * The signed XML of issued invoices (`invoice_documents`, invoices.table.ts): written once per invoice,
 * never rewritten. A row is made waiting with the invoice (invoices.repository.ts `insert`).
 */
import type Database from 'better-sqlite3';

export type DocumentOrigin = 'issue' | 'message' | 'upgrade';

export interface SignedDocument {
  xml: string;
  signedAt: string;
  /** Null for an invoice stored unsigned (the store's `signEachInvoice` off). */
  certificateSubject: string | null;
  certificateSerial: string | null;
  origin: DocumentOrigin;
}

export interface DocumentState {
  xml: string | null;
  signedAt: string | null;
  certificateSubject: string | null;
  lastError: string | null;
}

export function createInvoiceDocumentsRepository(sqlite: Database.Database) {
  const find = sqlite.prepare<[string], DocumentState>(
    `SELECT xml, signed_at AS signedAt, certificate_subject AS certificateSubject, last_error AS lastError
     FROM invoice_documents WHERE invoice_id = ?`,
  );
  const signature = sqlite.prepare<[string], { signedAt: string; certificateSubject: string }>(
    `SELECT signed_at AS signedAt, certificate_subject AS certificateSubject
     FROM invoice_documents WHERE invoice_id = ? AND xml IS NOT NULL AND certificate_subject IS NOT NULL`,
  );
  const waiting = sqlite.prepare<[number], { invoiceId: string }>(
    `SELECT invoice_id AS invoiceId FROM invoice_documents INDEXED BY invoice_documents_waiting
     WHERE xml IS NULL ORDER BY invoice_id LIMIT ?`,
  );
  const waitingCount = sqlite.prepare<[], { n: number }>(
    'SELECT count(*) AS n FROM invoice_documents INDEXED BY invoice_documents_waiting WHERE xml IS NULL',
  );
  // `xml IS NULL`: a signed document is never replaced, whoever signed a second time. A row migration 0008
  // made keeps its origin `upgrade` unless the invoice is taken from its message.
  const sign = sqlite.prepare(
    `UPDATE invoice_documents SET xml = @xml, signed_at = @signedAt, certificate_subject = @certificateSubject,
       certificate_serial = @certificateSerial, last_error = NULL,
       origin = iif(@origin = 'message', 'message', coalesce(origin, @origin))
     WHERE invoice_id = @invoiceId AND xml IS NULL`,
  );
  const ensure = sqlite.prepare('INSERT INTO invoice_documents (invoice_id) VALUES (?) ON CONFLICT DO NOTHING');
  const fail = sqlite.prepare('UPDATE invoice_documents SET last_error = ? WHERE invoice_id = ? AND xml IS NULL');
  return {
    /** The invoice's document, signed or waiting; undefined for an invoice without one. */
    find: (invoiceId: string): DocumentState | undefined => find.get(invoiceId),
    /** Who signed and when, for a signed document (the PDF's "Ký bởi" block); undefined for one stored unsigned. */
    signature: (invoiceId: string) => signature.get(invoiceId),
    /** Up to `limit` invoices whose document waits for its signature. */
    waiting: (limit: number): string[] => waiting.all(limit).map((r) => r.invoiceId),
    waitingCount: (): number => waitingCount.get()?.n ?? 0,
    /** Stores the signed document; false when it was already signed (the first signature stays). */
    store: (invoiceId: string, document: SignedDocument): boolean => sign.run({ invoiceId, ...document }).changes > 0,
    /** Makes the waiting row of an invoice that has none (written around the services). */
    ensure: (invoiceId: string): void => void ensure.run(invoiceId),
    /** Notes why the signing failed; the document keeps waiting. */
    failed: (invoiceId: string, reason: string): void => void fail.run(reason.slice(0, 500), invoiceId),
  };
}

export type InvoiceDocumentsRepository = ReturnType<typeof createInvoiceDocumentsRepository>;
