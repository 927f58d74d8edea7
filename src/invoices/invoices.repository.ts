import { and, asc, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import { preparedInsert } from '../db/prepared.js';
import type { Db } from '../db/open.js';
import { likePattern, searchKey } from '../domain/text.js';
import { invoiceItems, invoices, type InvoiceStatus } from './invoices.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

export interface InvoiceFilter {
  statuses?: InvoiceStatus[] | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  buyerMst?: string | undefined;
  buyerName?: string | undefined;
}

const listColumns = {
  id: invoices.id,
  platformId: invoices.platformId,
  status: invoices.status,
  mauSo: invoices.mauSo,
  kyHieu: invoices.kyHieu,
  number: invoices.number,
  issueDate: invoices.issueDate,
  buyerName: invoices.buyerName,
  buyerMst: invoices.buyerMst,
  subtotal: invoices.subtotal,
  taxAmount: invoices.taxAmount,
  total: invoices.total,
  channel: invoices.channel,
  paymentMethod: invoices.paymentMethod,
  createdAt: invoices.createdAt,
};
export type InvoiceListRow = Pick<InvoiceRow, keyof typeof listColumns>;

const byStatusOnly = (filter: InvoiceFilter) => !filter.createdFrom && !filter.createdBefore && !filter.buyerMst && !filter.buyerName;

function whereOf(filter: InvoiceFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.statuses?.length ? inArray(invoices.status, filter.statuses) : undefined,
    filter.createdFrom ? gte(invoices.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(invoices.createdAt, filter.createdBefore) : undefined,
    filter.buyerMst ? eq(invoices.buyerMst, filter.buyerMst) : undefined,
    filter.buyerName
      ? sql`${invoices.id} IN (SELECT invoice_id FROM invoice_buyer_search WHERE name_key LIKE ${likePattern(searchKey(filter.buyerName))} ESCAPE '\\')`
      : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

export function createInvoicesRepository(db: Db) {
  const sqlite = db.$client;
  const bumpSequence = sqlite.prepare<[string, string], { last_number: number }>(
    `INSERT INTO invoice_sequences (mau_so, ky_hieu, last_number) VALUES (?, ?, 1)
     ON CONFLICT (mau_so, ky_hieu) DO UPDATE SET last_number = last_number + 1
     RETURNING last_number`,
  );

  const insertInvoice = preparedInsert(db, invoices);
  const insertItem = preparedInsert(db, invoiceItems);
  const byId = db.select().from(invoices).where(eq(invoices.id, sql.placeholder('id'))).prepare();
  const itemsById = db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, sql.placeholder('id')))
    .orderBy(asc(invoiceItems.lineNo))
    .prepare();

  // Counting a million index entries for every page is the list's largest cost; filtered by status alone
  // (or not at all) the total is the sum of the per-status counters kept with every invoice change.
  const statusCounts = sqlite.prepare<[], { status: string; count: number }>('SELECT status, count FROM invoice_status_counts');
  const countByStatus = (statuses: readonly string[] | undefined) =>
    statusCounts
      .all()
      .filter((row) => !statuses?.length || statuses.includes(row.status))
      .reduce((sum, row) => sum + row.count, 0);

  return {
    /** The next number of the symbol; gapless because it is bumped in the transaction that uses it. */
    nextNumber: (mauSo: string, kyHieu: string): number => (bumpSequence.get(mauSo, kyHieu) as { last_number: number }).last_number,

    insert(invoice: InvoiceRow, items: InvoiceItemRow[]): void {
      insertInvoice(invoice);
      for (const item of items) insertItem(item);
    },

    findById: (id: string): InvoiceRow | undefined => byId.get({ id }),

    /** Changes some fields of an invoice row, bumping its version; answers the row after the change. */
    update(id: string, changes: Partial<InvoiceRow>, at: string): InvoiceRow {
      db.update(invoices)
        .set({ ...changes, updatedAt: at, version: sql`${invoices.version} + 1` })
        .where(eq(invoices.id, id))
        .run();
      return byId.get({ id }) as InvoiceRow;
    },

    itemsOf: (invoiceId: string): InvoiceItemRow[] => itemsById.all({ id: invoiceId }),

    /** Newest first; the created_at indexes serve both the range and the order. */
    list(filter: InvoiceFilter, limit: number, offset: number): { total: number; rows: InvoiceListRow[] } {
      const where = whereOf(filter);
      const total = byStatusOnly(filter) ? countByStatus(filter.statuses) : countRows(db, invoices, where);
      const rows = db
        .select(listColumns)
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(sql`${invoices}.rowid`))
        .limit(limit)
        .offset(offset)
        .all();
      return { total, rows };
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
