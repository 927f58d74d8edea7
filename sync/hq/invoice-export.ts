/**
 * The console's invoice list as a file: CSV (UTF-8 with a byte-order mark, so that Excel reads Vietnamese
 * right) or an Excel workbook (real number and date cells), built from the list's keyset pages read one after
 * the other, in the list's order, with the caller's filters and stores. Vietnamese headings and statuses.
 */
import type ExcelJS from 'exceljs';
import type { HqInvoiceListItem } from './hq.schemas.js';

/** At most this many rows a file: past it, the export asks for a narrower filter (a month of a chain is less). */
export const MAX_EXPORT_ROWS = 200_000;

const HEADINGS = [
  'Cửa hàng',
  'Ký hiệu',
  'Số',
  'Ngày lập',
  'Người mua',
  'MST người mua',
  'Trạng thái',
  'Tổng tiền',
  'Ghi chú',
];

/** A demo invoice is listed as the store issued it, but an accountant's file must not pass it for a legal one. */
const DEMO_NOTE = 'Hóa đơn dùng thử, không có giá trị pháp lý';

const STATUS_NAMES: Record<string, string> = {
  pending: 'Chờ phát hành',
  issued: 'Đã phát hành',
  adjusted: 'Đã điều chỉnh',
  replaced: 'Đã thay thế',
  error: 'Có sai sót',
};

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

function rowOf(item: HqInvoiceListItem, storeName: (id: string) => string) {
  return [
    storeName(item.storeId),
    `${item.mauSo}${item.kyHieu}`,
    item.number,
    ddmmyyyy(item.issueDate),
    item.buyer.name,
    item.buyer.mst ?? '',
    STATUS_NAMES[item.status] ?? item.status,
    item.total,
    item.demo ? DEMO_NOTE : '',
  ] as const;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export async function invoicesCsv(
  items: AsyncIterable<HqInvoiceListItem>,
  storeName: (id: string) => string,
): Promise<Buffer> {
  const lines = [HEADINGS.join(',')];
  for await (const item of items) lines.push(rowOf(item, storeName).map(csvCell).join(','));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (exceljs ??= import('exceljs').then((m) => m.default));

export async function invoicesXlsx(
  items: AsyncIterable<HqInvoiceListItem>,
  storeName: (id: string) => string,
): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet('Hóa đơn', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [24, 12, 10, 12, 36, 16, 16, 16, 40].map((width) => ({ width }));
  sheet.addRow(HEADINGS).font = { bold: true };
  sheet.getColumn(4).numFmt = 'dd/mm/yyyy';
  sheet.getColumn(8).numFmt = '#,##0';
  for await (const item of items) {
    const row = [...rowOf(item, storeName)] as unknown[];
    const [y, m, d] = item.issueDate.split('-').map(Number) as [number, number, number];
    row[3] = new Date(Date.UTC(y, m - 1, d));
    // A live invoice's note is an empty cell, not an empty text.
    if (!item.demo) row.pop();
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
