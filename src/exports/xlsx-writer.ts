/**
 * The ledger as an Excel workbook, streamed with exceljs's WorkbookWriter (each row is committed and
 * leaves memory): sheet "Bảng kê" in the form's layout with real number cells (`#,##0`, which Excel shows
 * with the reader's own grouping, 1.234.567 in Vietnamese), the header frozen and repeated on every printed
 * page, A4 landscape fitted to the width; sheet "Chỉ tiêu 01-GTGT" holds the VAT return figures, sheet "Điều
 * chỉnh kỳ đã khai" the corrections of declared months (for 01/KHBS), sheet "Hóa đơn chưa hoàn tất" the
 * period's invoices not through.
 */
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { OPEN_INVOICES_TITLE, type OpenInvoice, type Supplementary } from './declared-periods.js';
import type { LedgerEvent } from './ledger-events.js';
import {
  LEDGER_SUBTITLE,
  LEDGER_TITLE,
  type LedgerHeader,
  periodLine,
  SIGNER,
  SIGNER_HINT,
  sellerLines,
  signatureDate,
  TOTAL_LABEL,
  VAT_TITLE,
} from './ledger-header.js';
import { FOOTER_LABELS, LEDGER_COLUMNS, type LedgerRow } from './sales-ledger.js';
import { vatTableRows } from './vat-figures.js';
import { whenDrained, whenWritable } from './writable.js';

export const MONEY_FORMAT = '#,##0';
export const LEDGER_SHEET = 'Bảng kê';
export const VAT_SHEET = 'Chỉ tiêu 01-GTGT';
export const SUPPLEMENTARY_SHEET = 'Điều chỉnh kỳ đã khai';
export const OPEN_SHEET = 'Hóa đơn chưa hoàn tất';
export const SUPPLEMENTARY_COLUMNS = [
  'STT',
  'Loại điều chỉnh',
  'Ký hiệu mẫu số',
  'Ký hiệu hóa đơn',
  'Số hóa đơn',
  'Ngày lập',
  'Tên người mua',
  'Mã số thuế người mua',
  'Hóa đơn gốc',
  'Kỳ đã khai',
  'Thuế suất',
  'Chênh lệch doanh thu chưa có thuế GTGT',
  'Chênh lệch thuế GTGT',
  'Ghi chú',
] as const;
const WIDTHS = [6, 22, 8, 10, 10, 11, 34, 15, 18, 15, 44];
/**
 * Number formats by column, which every cell of the column takes when it is made: ledger rows carry no
 * style of their own (a style per cell, with borders, made exceljs five times slower); the sheet prints
 * its grid lines instead.
 */
const COLUMN_FORMATS: Record<number, string> = { 5: 'dd/mm/yyyy', 8: MONEY_FORMAT, 9: MONEY_FORMAT };
const LAST_COLUMN = 'K';
const THIN = { style: 'thin' } as const;
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const BOLD = { bold: true };

/** exceljs loads on the first export, not at the node's start (as pdfkit does for PDFs). */
let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (exceljs ??= import('exceljs').then((m) => m.default));

/** A store-local date as an Excel date cell (no time, no zone shift). */
const excelDate = (ddmmyyyy: string) =>
  new Date(Date.UTC(Number(ddmmyyyy.slice(6, 10)), Number(ddmmyyyy.slice(3, 5)) - 1, Number(ddmmyyyy.slice(0, 2))));

function addRow(sheet: ExcelJS.Worksheet, values: unknown[], style: (row: ExcelJS.Row) => void = () => {}) {
  const row = sheet.addRow(values);
  style(row);
  row.commit();
  return row;
}

function addMerged(sheet: ExcelJS.Worksheet, text: string, font: Partial<ExcelJS.Font>, align: 'left' | 'center') {
  const row = sheet.addRow([text]);
  sheet.mergeCells(`A${row.number}:${LAST_COLUMN}${row.number}`);
  row.getCell(1).font = font;
  row.getCell(1).alignment = { horizontal: align };
  row.commit();
}

const ledgerValues = (row: LedgerRow) => [
  row.stt,
  row.kind,
  row.mauSo,
  row.kyHieu,
  row.number,
  excelDate(row.issueDate),
  row.buyerName,
  row.buyerMst,
  row.amount,
  row.taxAmount,
  row.note,
];

function styleTotalRow(row: ExcelJS.Row) {
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.border = BORDER;
    cell.font = BOLD;
  });
}

export async function writeXlsx(events: AsyncIterable<LedgerEvent>, out: Writable, header: LedgerHeader) {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'hoadon';
  workbook.created = new Date(`${header.madeOn}T00:00:00Z`);
  const top = sellerLines(header).length + 4;
  const sheet = workbook.addWorksheet(LEDGER_SHEET, {
    views: [{ state: 'frozen', ySplit: top + 1 }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      showGridLines: true,
      printTitlesRow: `${top}:${top + 1}`,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: 'Trang &P / &N' },
  });
  sheet.columns = WIDTHS.map((width, i) => ({
    width,
    ...(COLUMN_FORMATS[i] && { style: { numFmt: COLUMN_FORMATS[i] } }),
  }));
  for (const line of sellerLines(header)) addMerged(sheet, line, {}, 'left');
  addMerged(sheet, LEDGER_TITLE, { bold: true, size: 14 }, 'center');
  addMerged(sheet, periodLine(header), { italic: true }, 'center');
  addMerged(sheet, LEDGER_SUBTITLE, { italic: true, size: 9 }, 'center');
  addRow(sheet, [...LEDGER_COLUMNS], (row) => {
    row.height = 32;
    row.eachCell((cell) => {
      cell.border = BORDER;
      cell.font = BOLD;
      cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    });
  });
  addRow(
    sheet,
    LEDGER_COLUMNS.map((_, i) => `(${i + 1})`),
    (row) =>
      row.eachCell((cell) => {
        cell.border = BORDER;
        cell.alignment = { horizontal: 'center' };
      }),
  );

  for await (const event of events) {
    if (event.type === 'section') {
      const row = sheet.addRow([`${event.number}. ${event.title}`]);
      sheet.mergeCells(`A${row.number}:${LAST_COLUMN}${row.number}`);
      row.getCell(1).font = BOLD;
      row.getCell(1).border = BORDER;
      row.commit();
    } else if (event.type === 'rows') {
      for (const ledgerRow of event.rows) sheet.addRow(ledgerValues(ledgerRow)).commit();
      await whenCompressed(sheet, out);
      await whenWritable(out);
    } else if (event.type === 'total') {
      addLabelled(sheet, TOTAL_LABEL, event.total.amount, event.total.taxAmount, styleTotalRow);
    } else {
      addRow(sheet, []);
      addLabelled(sheet, FOOTER_LABELS.revenue, event.footer.revenue, null, footerStyle);
      addLabelled(sheet, FOOTER_LABELS.taxableRevenue, event.footer.taxableRevenue, null, footerStyle);
      addLabelled(sheet, FOOTER_LABELS.taxAmount, null, event.footer.taxAmount, footerStyle);
      addRow(sheet, []);
      for (const [text, bold] of [
        [signatureDate(header.madeOn), false],
        [SIGNER, true],
        [SIGNER_HINT, false],
      ] as const) {
        addRow(sheet, [null, null, null, null, null, null, null, null, text], signatureStyle(bold));
      }
      sheet.commit();
      writeVatSheet(workbook, header, vatTableRows(event.vat));
      writeSupplementarySheet(workbook, header, event.supplementary);
      writeOpenSheet(workbook, header, event.openInvoices);
    }
  }
  await workbook.commit();
}

/**
 * exceljs hands a sheet's rows to its zip entry without waiting (its StreamBuf ignores backpressure), so a
 * year's rows would pile up in memory ahead of the compressor: wait while the entry's buffer is full. The
 * entry is a readable-stream PassThrough (archiver's), whose state lacks `writableNeedDrain`. It drains only as
 * fast as `out` takes the zip, so this also waits for a slow client, and stops if the client goes away.
 */
function whenCompressed(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  type Entry = EventEmitter & { _writableState?: { needDrain?: boolean } };
  const entry = (sheet as unknown as { stream?: { pipes?: Entry[] } }).stream?.pipes?.[0];
  return entry ? whenDrained(entry, entry._writableState?.needDrain === true, out) : Promise.resolve();
}

/** A label over columns (1)–(8), then amounts in (9) and (10). */
function addLabelled(
  sheet: ExcelJS.Worksheet,
  label: string,
  amount: number | null,
  taxAmount: number | null,
  style: (row: ExcelJS.Row) => void,
) {
  const row = sheet.addRow([label, null, null, null, null, null, null, null, amount, taxAmount, null]);
  sheet.mergeCells(`A${row.number}:H${row.number}`);
  style(row);
  row.commit();
}

function footerStyle(row: ExcelJS.Row) {
  row.getCell(1).font = BOLD;
  for (const column of [9, 10]) {
    row.getCell(column).numFmt = MONEY_FORMAT;
    row.getCell(column).font = BOLD;
  }
}

const signatureStyle = (bold: boolean) => (row: ExcelJS.Row) => {
  row.getCell(9).font = bold ? BOLD : { italic: true };
  row.getCell(9).alignment = { horizontal: 'center' };
};

function writeVatSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  header: LedgerHeader,
  rows: ReturnType<typeof vatTableRows>,
) {
  const sheet = workbook.addWorksheet(VAT_SHEET, {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [{ width: 8 }, { width: 80 }, { width: 20 }];
  addRow(sheet, [VAT_TITLE], (row) => {
    row.getCell(1).font = BOLD;
  });
  addRow(sheet, [periodLine(header)]);
  addRow(sheet, ['Chỉ tiêu', 'Nội dung', 'Số tiền (đồng)'], (row) =>
    row.eachCell((cell) => {
      cell.font = BOLD;
      cell.border = BORDER;
    }),
  );
  for (const indicator of rows) {
    addRow(sheet, [indicator.code, indicator.label, indicator.value], (row) => {
      row.eachCell((cell) => {
        cell.border = BORDER;
      });
      row.getCell(3).numFmt = MONEY_FORMAT;
    });
  }
  sheet.commit();
}

const headRow = (sheet: ExcelJS.Worksheet, values: string[]) =>
  addRow(sheet, values, (row) =>
    row.eachCell((cell) => {
      cell.font = BOLD;
      cell.border = BORDER;
      cell.alignment = { vertical: 'middle', wrapText: true };
    }),
  );

/** The corrections of declared months made in the period: what the supplementary declaration (01/KHBS) takes. */
function writeSupplementarySheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  header: LedgerHeader,
  supplementary: Supplementary,
) {
  const sheet = workbook.addWorksheet(SUPPLEMENTARY_SHEET, {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [6, 20, 8, 10, 10, 12, 30, 15, 34, 12, 10, 18, 15, 50].map((width) => ({ width }));
  addRow(sheet, [supplementary.title.toUpperCase()], (row) => {
    row.getCell(1).font = BOLD;
  });
  addRow(sheet, [periodLine(header)]);
  addRow(sheet, ['(Chênh lệch so với số đã khai, để kê khai bổ sung mẫu 01/KHBS cho kỳ của hóa đơn gốc)']);
  headRow(sheet, [...SUPPLEMENTARY_COLUMNS]);
  for (const r of supplementary.rows) {
    const original = `${r.original.mauSo}${r.original.kyHieu} số ${r.original.number} ngày ${r.original.issueDate}`;
    addRow(
      sheet,
      [
        r.stt,
        r.kind,
        r.mauSo,
        r.kyHieu,
        r.number,
        excelDate(r.issueDate),
        r.buyerName,
        r.buyerMst,
        original,
        r.period,
        r.rate,
        r.amount,
        r.taxAmount,
        r.note,
      ],
      (row) => {
        row.getCell(6).numFmt = 'dd/mm/yyyy';
        row.getCell(12).numFmt = MONEY_FORMAT;
        row.getCell(13).numFmt = MONEY_FORMAT;
      },
    );
  }
  for (const p of supplementary.periods) {
    addRow(sheet, [`${TOTAL_LABEL} ${p.title}`, ...Array(10).fill(null), p.amount, p.taxAmount], (row) => {
      row.getCell(1).font = BOLD;
      row.getCell(12).numFmt = MONEY_FORMAT;
      row.getCell(13).numFmt = MONEY_FORMAT;
    });
  }
  addRow(
    sheet,
    [TOTAL_LABEL, ...Array(10).fill(null), supplementary.total.amount, supplementary.total.taxAmount],
    (row) => {
      row.getCell(1).font = BOLD;
      row.getCell(12).numFmt = MONEY_FORMAT;
      row.getCell(13).numFmt = MONEY_FORMAT;
    },
  );
  sheet.commit();
}

/** The period's invoices not through: numbers used and sales made that the tax authority has not accepted. */
function writeOpenSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, header: LedgerHeader, open: OpenInvoice[]) {
  const sheet = workbook.addWorksheet(OPEN_SHEET);
  sheet.columns = [6, 8, 10, 10, 12, 34, 16, 40].map((width) => ({ width }));
  addRow(sheet, [OPEN_INVOICES_TITLE.toUpperCase()], (row) => {
    row.getCell(1).font = BOLD;
  });
  addRow(sheet, [periodLine(header)]);
  headRow(sheet, [
    'STT',
    'Ký hiệu mẫu số',
    'Ký hiệu hóa đơn',
    'Số hóa đơn',
    'Ngày lập',
    'Tên người mua',
    'Tổng tiền thanh toán',
    'Tình trạng',
  ]);
  for (const [index, o] of open.entries()) {
    addRow(
      sheet,
      [index + 1, o.mauSo, o.kyHieu, o.number, excelDate(o.issueDate), o.buyerName, o.total, o.stateText],
      (row) => {
        row.getCell(5).numFmt = 'dd/mm/yyyy';
        row.getCell(7).numFmt = MONEY_FORMAT;
      },
    );
  }
  sheet.commit();
}
