/** All SQL of what HQ announced (hq-announcement.table.ts) and of the documents it is sent. */
import type Database from 'better-sqlite3';

export interface HqAnnouncement {
  hqUrl: string;
  publicUrl: string | null;
  documentsThrough: number;
  documentsUntil: number;
  at: string;
}

export interface StoredDocument {
  xml: string;
  certificateSubject: string | null;
  signedAt: string | null;
}

export function createHqAnnouncementRepository(sqlite: Database.Database) {
  const read = sqlite.prepare<[], HqAnnouncement>(
    `SELECT hq_url AS hqUrl, public_url AS publicUrl, documents_through AS documentsThrough,
       documents_until AS documentsUntil, at FROM sync_hq_announcement WHERE id = 1`,
  );
  const save = sqlite.prepare(
    `INSERT INTO sync_hq_announcement (id, hq_url, public_url, documents_through, documents_until, at)
     VALUES (1, @hqUrl, @publicUrl, @documentsThrough, @documentsUntil, @at)
     ON CONFLICT (id) DO UPDATE SET hq_url = excluded.hq_url, public_url = excluded.public_url,
       documents_through = excluded.documents_through, documents_until = excluded.documents_until, at = excluded.at`,
  );
  const lastDocument = sqlite.prepare<[], number>('SELECT coalesce(max(rowid), 0) FROM invoice_documents').pluck();
  // By rowid (the primary key's order of insertion): a range of the table, whatever it holds.
  const documentsAfter = sqlite.prepare<[number, number, number], { rowid: number; invoiceId: string }>(
    `SELECT rowid AS rowid, invoice_id AS invoiceId FROM invoice_documents
     WHERE rowid > ? AND rowid <= ? AND xml IS NOT NULL ORDER BY rowid LIMIT ?`,
  );
  const documentOf = sqlite.prepare<[string], StoredDocument>(
    `SELECT xml, certificate_subject AS certificateSubject, signed_at AS signedAt
     FROM invoice_documents WHERE invoice_id = ? AND xml IS NOT NULL`,
  );
  return {
    get: (): HqAnnouncement | undefined => read.get(),
    save: (announcement: HqAnnouncement): void => void save.run(announcement),
    lastDocument: (): number => lastDocument.get() ?? 0,
    /** Stored documents by rowid after `after`, up to `until`. */
    documentsAfter: (after: number, until: number, limit: number) => documentsAfter.all(after, until, limit),
    document: (invoiceId: string): StoredDocument | undefined => documentOf.get(invoiceId),
  };
}

export type HqAnnouncementRepository = ReturnType<typeof createHqAnnouncementRepository>;
