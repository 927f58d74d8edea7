/**
 * The filtered invoice list as a CSV file (UTF-8 with a byte-order mark, so that Excel reads the Vietnamese
 * right): every page of HQ's keyset cursor, read one after the other, never the whole list at once.
 */
import { date } from '../../../web/src/base/format';
import { api, call, type InvoiceItem } from '../api/client';
import { statusName } from '../strings';
import { type InvoiceFilters, queryOf, T } from './invoices-page';

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export async function downloadCsv(
  filters: InvoiceFilters,
  storeName: (id: string) => string,
  keep: (rows: InvoiceItem[]) => InvoiceItem[],
): Promise<void> {
  const lines = [[T.store, T.symbol, T.number, T.issued, T.buyer, T.buyerMst, T.status, T.total].join(',')];
  let cursor: string | undefined;
  do {
    const page = await call(api.GET('/hq/v1/invoices/cursor', { params: { query: queryOf(filters, cursor) } }));
    for (const i of keep(page.items)) {
      lines.push(
        [
          storeName(i.storeId),
          i.kyHieu,
          i.number,
          date(i.issueDate),
          i.buyer.name,
          i.buyer.mst ?? '',
          statusName(i.status),
          i.total,
        ]
          .map(cell)
          .join(','),
      );
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const blob = new Blob([`\ufeff${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'hoa-don.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}
