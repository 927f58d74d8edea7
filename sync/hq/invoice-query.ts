/**
 * The parts of the invoice list's query both databases build alike with drizzle: the columns a list row holds
 * and the filter's conditions, over either dialect's `invoices` table.
 */
import { and, type Column, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { InvoiceFilter } from './hq-store.js';

const SUMMARY_KEYS = [
  'storeId',
  'invoiceId',
  'version',
  'status',
  'mauSo',
  'kyHieu',
  'number',
  'issueDate',
  'buyerName',
  'buyerMst',
  'total',
  'createdAt',
  'receivedSeq',
  'demo',
] as const;
type SummaryKey = (typeof SUMMARY_KEYS)[number];

/** The table's columns of an InvoiceSummary, for `select()`. */
export const summaryColumnsOf = <T extends Record<SummaryKey, Column>>(table: T): Pick<T, SummaryKey> =>
  Object.fromEntries(SUMMARY_KEYS.map((key) => [key, table[key]])) as Pick<T, SummaryKey>;

export function invoiceWhere(
  table: {
    storeId: Column;
    status: Column;
    issueDate: Column;
    number: Column;
    mauSo: Column;
    kyHieu: Column;
    buyerMst: Column;
    total: Column;
  },
  filter: InvoiceFilter,
): SQL | undefined {
  return and(
    filter.storeId ? eq(table.storeId, filter.storeId) : undefined,
    filter.storeIds ? inArray(table.storeId, [...filter.storeIds]) : undefined,
    filter.statuses?.length ? inArray(table.status, filter.statuses) : undefined,
    filter.dateFrom ? gte(table.issueDate, filter.dateFrom) : undefined,
    filter.dateTo ? lte(table.issueDate, filter.dateTo) : undefined,
    filter.number !== undefined ? eq(table.number, filter.number) : undefined,
    filter.mauSo ? eq(table.mauSo, filter.mauSo) : undefined,
    filter.kyHieu ? eq(table.kyHieu, filter.kyHieu) : undefined,
    filter.buyerMst ? eq(table.buyerMst, filter.buyerMst) : undefined,
    filter.totalMin !== undefined ? gte(table.total, filter.totalMin) : undefined,
    filter.totalMax !== undefined ? lte(table.total, filter.totalMax) : undefined,
  );
}

/** Whether a filter narrows more than by store (the per-store counters then answer its total). */
export const narrowsBeyondStore = (filter: InvoiceFilter): boolean =>
  Boolean(
    filter.storeIds ||
      filter.statuses?.length ||
      filter.dateFrom ||
      filter.dateTo ||
      filter.number !== undefined ||
      filter.kyHieu ||
      filter.mauSo ||
      filter.buyerMst ||
      filter.totalMin !== undefined ||
      filter.totalMax !== undefined,
  );
