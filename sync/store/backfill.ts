/**
 * Queues the invoices a store had before its outbox existed (an upgrade from a version without sync), so
 * that headquarters ends with every invoice, not only those issued since. A slice per transaction, oldest
 * first, the position kept in sync_backfill with the rows it queued: a crash repeats nothing and skips
 * nothing. An invoice changed since then is queued again at its new version; HQ keeps the higher one.
 */
import type Database from 'better-sqlite3';
import { inTransaction } from '../../src/db/transaction.js';
import type { InvoiceVersion } from './capture.js';

const SLICE = 250;

export function createInvoiceBackfill(deps: {
  sqlite: Database.Database;
  appendInvoice: (invoice: InvoiceVersion) => void;
}) {
  const { sqlite } = deps;
  const next = sqlite.prepare<[number], InvoiceVersion & { rowid: number }>(
    `SELECT i.rowid AS rowid, i.id, i.version, i.updated_at AS updatedAt FROM sync_backfill b JOIN invoices i
       ON i.rowid > b.through_rowid AND i.rowid <= b.until_rowid WHERE b.id = 1 ORDER BY i.rowid LIMIT ?`,
  );
  const advance = sqlite.prepare<[number]>('UPDATE sync_backfill SET through_rowid = ? WHERE id = 1');
  const finish = sqlite.prepare('DELETE FROM sync_backfill WHERE id = 1');
  // Invoices are never deleted, so the rowid range is the count, without reading a million rows per /health.
  const left = sqlite.prepare<[], { n: number }>(
    'SELECT max(0, until_rowid - through_rowid) AS n FROM sync_backfill WHERE id = 1',
  );

  /** Queues the next slice; answers how many invoices it queued (0 once everything is queued). */
  function step(): number {
    return inTransaction(sqlite, () => {
      const rows = next.all(SLICE);
      for (const row of rows) deps.appendInvoice(row);
      if (rows.length === 0) finish.run();
      else advance.run(rows.at(-1)!.rowid);
      return rows.length;
    });
  }

  return {
    /** Up to `slices` slices, yielding between them so cashiers' requests run in between. */
    async run(slices: number): Promise<number> {
      let queued = 0;
      for (let i = 0; i < slices; i++) {
        const n = step();
        queued += n;
        if (n === 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return queued;
    },
    remaining: () => left.get()?.n ?? 0,
  };
}

export type InvoiceBackfill = ReturnType<typeof createInvoiceBackfill>;
