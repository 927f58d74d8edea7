/**
 * Invoice documents for HQ (docs/sync.md "Invoice documents"): each invoice's stored XML goes up once, as the
 * outbox record `document:<invoiceId>` version 1, compressed (sync/document-codec.ts), and HQ keeps it once
 * per (store, record, version). Only to an HQ that said it takes them (it announced its public address, even
 * as null): an older HQ would refuse the kind and stop the store's outbox. When an HQ first says so, the
 * documents stored before are queued a slice at a time with the backfill (`withDocuments`); a resync queues
 * them again. What HQ announces is kept here too: its public address is the store's portal of second
 * choice (src/delivery/portal-address.ts).
 */

import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { InvoiceDocumentsRepository } from '../../src/invoices/invoice-documents.repository.js';
import { packDocument } from '../document-codec.js';
import type { DocumentPayload } from '../protocol.js';
import type { Backfill } from './backfill.js';
import type { HqAnnouncementRepository } from './hq-announcement.repository.js';
import type { OutboxRepository } from './outbox.repository.js';

const SLICE = 250;

export function createDocumentSync(deps: {
  sqlite: Database.Database;
  announcements: HqAnnouncementRepository;
  outbox: OutboxRepository;
  clock: Clock;
  /** The HQ the store is configured for, null without one. */
  hqUrl: () => string | null;
  /** What the store's PDF of the invoice reads beside the invoice: the untrusted-certificate line, the link. */
  extras: (invoiceId: string) => Pick<DocumentPayload, 'signatureNote' | 'link'>;
}) {
  const { sqlite, announcements, outbox, clock } = deps;
  const now = () => clock.now().toISOString();

  /** The announcement of the HQ configured now; none from another HQ. */
  const current = () => {
    const url = deps.hqUrl();
    const held = announcements.get();
    return url !== null && held?.hqUrl === url ? held : undefined;
  };

  function queue(invoiceId: string): boolean {
    const stored = announcements.document(invoiceId);
    if (!stored) return false;
    const signature =
      stored.certificateSubject && stored.signedAt
        ? { certificateSubject: stored.certificateSubject, signedAt: stored.signedAt }
        : undefined;
    const payload = packDocument(invoiceId, stored.xml, { ...deps.extras(invoiceId), signature });
    outbox.append({
      kind: 'document',
      id: invoiceId,
      version: 1,
      at: now(),
      payload: payload as unknown as Record<string, unknown>,
    });
    return true;
  }

  /** The next slice of documents stored before HQ took them: how many it queued, and whether any are left. */
  function step(): { queued: number; done: boolean } {
    return inTransaction(sqlite, () => {
      const held = current();
      if (!held || held.documentsThrough >= held.documentsUntil) return { queued: 0, done: true };
      const rows = announcements.documentsAfter(held.documentsThrough, held.documentsUntil, SLICE);
      for (const row of rows) queue(row.invoiceId);
      const through = rows.length < SLICE ? held.documentsUntil : rows.at(-1)!.rowid;
      announcements.save({ ...held, documentsThrough: through });
      return { queued: rows.length, done: through >= held.documentsUntil };
    });
  }

  return {
    /** The public address the configured HQ announced; undefined when it announced none (or is not known yet). */
    publicUrl: (): string | undefined => current()?.publicUrl ?? undefined,
    takesDocuments: (): boolean => current() !== undefined,

    /** What an HQ answer carried (hq-client.ts): absent from an older HQ's. */
    heard(publicUrl: string | null | undefined): void {
      if (publicUrl === undefined) return;
      const url = deps.hqUrl();
      if (url === null) return;
      const held = announcements.get();
      if (held?.hqUrl === url && held.publicUrl === publicUrl) return;
      inTransaction(sqlite, () => {
        if (held?.hqUrl === url) announcements.save({ ...held, publicUrl, at: now() });
        // A new HQ: every document stored so far is due; those stored from now on are queued as they are.
        else
          announcements.save({
            hqUrl: url,
            publicUrl,
            documentsThrough: 0,
            documentsUntil: announcements.lastDocument(),
            at: now(),
          });
      });
    },

    /** The documents repository, each newly stored document also queued for an HQ that takes them. */
    capture(documents: InvoiceDocumentsRepository): InvoiceDocumentsRepository {
      return {
        ...documents,
        store(invoiceId, document) {
          const stored = documents.store(invoiceId, document);
          if (stored && current()) queue(invoiceId);
          return stored;
        },
      };
    },

    /** The backfill, followed by the documents due (and a resync queues them all again). */
    withDocuments(backfill: Backfill): Backfill {
      return {
        ...backfill,
        start(): void {
          backfill.start();
          const held = current();
          if (held) announcements.save({ ...held, documentsThrough: 0, documentsUntil: announcements.lastDocument() });
        },
        async run(rows: number): Promise<number> {
          let queued = await backfill.run(rows);
          while (queued < rows && backfill.phase() === undefined) {
            const { queued: n, done } = step();
            queued += n;
            if (done) break;
            await new Promise((resolve) => setImmediate(resolve));
          }
          return queued;
        },
        remaining(): number {
          const held = current();
          return backfill.remaining() + (held ? Math.max(0, held.documentsUntil - held.documentsThrough) : 0);
        },
      };
    },
  };
}

export type DocumentSync = ReturnType<typeof createDocumentSync>;
