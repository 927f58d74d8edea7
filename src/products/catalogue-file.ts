/**
 * The catalogue as a spreadsheet (docs/catalogue.md "Import and export"): one header row of Vietnamese column
 * names, then one product a row. The export writes the columns an import reads, so a file exported, edited and
 * imported again changes only what was edited. Reading turns each row's cells into the fields of
 * PUT /products/:sku, or a Vietnamese reason naming the column.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { searchKey } from '../domain/text.js';
import type { ProductRow } from './products.repository.js';
import type { TaxCategory } from './products.schemas.js';

type Field =
  | 'sku'
  | 'name'
  | 'unit'
  | 'unitPrice'
  | 'taxRate'
  | 'taxCategory'
  | 'vatReductionEligible'
  | 'barcode'
  | 'category'
  | 'favourite'
  | 'costPrice'
  | 'active';

export const COLUMNS: readonly { field: Field; header: string; width: number }[] = [
  { field: 'sku', header: 'Mã SKU', width: 16 },
  { field: 'name', header: 'Tên hàng', width: 36 },
  { field: 'unit', header: 'Đơn vị tính', width: 12 },
  { field: 'unitPrice', header: 'Đơn giá', width: 14 },
  { field: 'taxRate', header: 'Thuế suất (%)', width: 12 },
  { field: 'taxCategory', header: 'Loại thuế', width: 12 },
  { field: 'vatReductionEligible', header: 'Được giảm thuế GTGT', width: 12 },
  { field: 'barcode', header: 'Mã vạch', width: 16 },
  { field: 'category', header: 'Nhóm hàng', width: 18 },
  { field: 'favourite', header: 'Yêu thích', width: 10 },
  { field: 'costPrice', header: 'Giá vốn', width: 14 },
  { field: 'active', header: 'Đang bán', width: 10 },
];
/** The columns a file must have; the others, when missing, leave a product's field as it is. */
const REQUIRED: readonly Field[] = ['sku', 'name', 'unitPrice', 'taxRate'];
export const HEADER_OF = Object.fromEntries(COLUMNS.map((c) => [c.field, c.header])) as Record<Field, string>;
const FIELD_OF_KEY = new Map(
  COLUMNS.flatMap((c) => [[searchKey(c.header), c.field] as const, [c.field.toLowerCase(), c.field] as const]),
);

const TAX_CATEGORY_NAMES: Record<TaxCategory, string> = { goods: 'Chịu thuế', KCT: 'KCT', KKKNT: 'KKKNT' };
const TAX_CATEGORY_OF_KEY = new Map<string, TaxCategory>([
  ['chiu thue', 'goods'],
  ['goods', 'goods'],
  ['kct', 'KCT'],
  ['khong chiu thue', 'KCT'],
  ['kkknt', 'KKKNT'],
  ['khong ke khai nop thue', 'KKKNT'],
]);
const YES = new Set(['co', 'x', '1', 'true', 'yes']);
const NO = new Set(['khong', '0', 'false', 'no']);
export const MAX_ROWS = 10_000;

/** A cell as read: text, a number, a boolean, or nothing; `percent` when the spreadsheet formats it as %. */
export interface Cell {
  value: string | number | boolean | null;
  percent?: boolean;
}

export interface FileRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  /** The fields of the row's columns: a blank cell is `null` (the field's default). */
  fields: Partial<Record<Field, unknown>>;
  /** The reasons the row cannot be read, each naming its column. */
  problems: string[];
}

export class CatalogueFileError extends Error {}

/** The rows of a sheet (header first) as fields: which columns are there, then each product's cells. */
export function readRows(sheet: Cell[][]): { columns: Field[]; rows: FileRow[] } {
  const headerRow = sheet[0] ?? [];
  const columns: (Field | undefined)[] = headerRow.map((cell) =>
    cell.value === null ? undefined : FIELD_OF_KEY.get(searchKey(String(cell.value))),
  );
  const present = columns.filter((c): c is Field => c !== undefined);
  const missing = REQUIRED.filter((f) => !present.includes(f));
  if (missing.length > 0)
    throw new CatalogueFileError(
      `Dòng tiêu đề thiếu cột: ${missing.map((f) => HEADER_OF[f]).join(', ')} (xem mẫu trong tệp xuất danh mục).`,
    );
  const twice = present.filter((f, i) => present.indexOf(f) !== i);
  if (twice.length > 0) throw new CatalogueFileError(`Cột ${HEADER_OF[twice[0] as Field]} có hai lần.`);
  const rows: FileRow[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const cells = sheet[i] as Cell[];
    if (cells.every((c) => c.value === null || (typeof c.value === 'string' && c.value.trim() === ''))) continue;
    const row: FileRow = { row: i + 1, fields: {}, problems: [] };
    columns.forEach((field, j) => {
      if (!field) return;
      const cell = cells[j] ?? { value: null };
      try {
        row.fields[field] = cellValue(field, cell);
      } catch (caught) {
        row.problems.push(`${HEADER_OF[field]}: ${(caught as Error).message}`);
      }
    });
    rows.push(row);
    if (rows.length > MAX_ROWS)
      throw new CatalogueFileError(`Tệp có quá ${MAX_ROWS.toLocaleString('vi-VN')} sản phẩm.`);
  }
  return { columns: present, rows };
}

const blank = (cell: Cell) => cell.value === null || (typeof cell.value === 'string' && cell.value.trim() === '');

function cellValue(field: Field, cell: Cell): unknown {
  if (blank(cell)) return null;
  const value = cell.value as string | number | boolean;
  switch (field) {
    case 'unitPrice':
    case 'costPrice':
      return typeof value === 'number' ? value : amount(String(value));
    case 'taxRate': {
      // In percent ("10", "10 %"), or a fraction in a cell the spreadsheet shows as a percentage.
      if (typeof value === 'number') return roundRate(cell.percent ? value : value / 100);
      const text = String(value).replace(/\s*%\s*$/, '');
      return roundRate(amount(text) / 100);
    }
    case 'vatReductionEligible':
    case 'favourite':
    case 'active': {
      if (typeof value === 'boolean') return value;
      const key = searchKey(String(value));
      if (YES.has(key)) return true;
      if (NO.has(key)) return false;
      throw new Error('ghi "Có" hoặc "Không".');
    }
    case 'taxCategory': {
      const category = TAX_CATEGORY_OF_KEY.get(searchKey(String(value)));
      if (!category) throw new Error('ghi "Chịu thuế", "KCT" hoặc "KKKNT".');
      return category;
    }
    default:
      return typeof value === 'string' ? fromCell(value) : String(value);
  }
}

const roundRate = (rate: number) => Math.round(rate * 1e6) / 1e6;

/**
 * A number as a Vietnamese shop writes it: "25.000" (dots group thousands), "0,5" (a decimal comma), or plain
 * "25000" and "2.5"; a trailing "₫" or "đ" is allowed.
 */
export function amount(text: string): number {
  const t = text.replace(/[\s\u00a0]|₫|đ$/gi, '');
  let n: number;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) n = Number(t.replace(/\./g, '').replace(',', '.'));
  else if (/^\d+,\d+$/.test(t)) n = Number(t.replace(',', '.'));
  else if (/^-?\d+(\.\d+)?$/.test(t)) n = Number(t);
  else throw new Error(`"${text}" không phải là một số.`);
  return n;
}

/**
 * A spreadsheet treats a text starting with = + - @ as a formula: the export writes such a text after an
 * apostrophe (which the spreadsheet hides), and an import takes the apostrophe off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const guarded = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const fromCell = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text).trim();

/** A product as the export's cells, column by column; texts guarded against formulas in a CSV. */
export function productCells(p: ProductRow, { csv = false } = {}): (string | number)[] {
  const toCell = (text: string) => (csv ? guarded(text) : text);
  const values: Record<Field, string | number> = {
    sku: toCell(p.sku),
    name: toCell(p.name),
    unit: toCell(p.unit ?? ''),
    unitPrice: p.unitPrice,
    taxRate: roundRate(p.taxRate * 100),
    taxCategory: TAX_CATEGORY_NAMES[p.taxCategory ?? 'goods'],
    vatReductionEligible: p.vatReductionEligible === 1 ? 'Có' : 'Không',
    barcode: toCell(p.barcode ?? ''),
    category: toCell(p.category ?? ''),
    favourite: p.favourite === 1 ? 'Có' : 'Không',
    costPrice: p.costPrice ?? '',
    active: p.active === 1 ? 'Có' : 'Không',
  };
  return COLUMNS.map((c) => values[c.field]);
}

// ---------- CSV ----------

/** RFC 4180 with the separator of the header line (a Vietnamese Excel writes ";"), a BOM dropped. */
export function parseCsv(text: string): Cell[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push({ value: field === '' && !wasQuoted ? null : field });
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
    } else if (c === separator) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) throw new CatalogueFileError('Tệp CSV có một ô mở ngoặc kép mà không đóng.');
  if (field !== '' || wasQuoted || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
export const csvLine = (values: (string | number)[]) => `${values.map(csvField).join(',')}\r\n`;
/** UTF-8 with a BOM, which Excel needs to read Vietnamese. */
export const CSV_HEADER = `\uFEFF${csvLine(COLUMNS.map((c) => c.header))}`;

// ---------- XLSX ----------

/** exceljs loads on the first import or export, not at the node's start. */
let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (exceljs ??= import('exceljs').then((m) => m.default));

/** The first sheet of a workbook as cells; a file that is no workbook is a CatalogueFileError. */
export async function parseXlsx(bytes: Buffer): Promise<Cell[][]> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new CatalogueFileError('Tệp không phải là bảng tính Excel (.xlsx) đọc được.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new CatalogueFileError('Bảng tính không có trang nào.');
  const rows: Cell[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) {
      const cell = row.getCell(c);
      cells.push({ value: plainValue(cell.value), ...(cell.numFmt?.includes('%') ? { percent: true } : {}) });
    }
    rows.push(cells);
  }
  return rows;
}

function plainValue(value: ExcelJS.CellValue): Cell['value'] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return plainValue((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return null;
}

/** Streams the catalogue into a workbook of one sheet, each row committed as it is written. */
export async function writeXlsx(products: Iterable<ProductRow>, out: Writable, madeAt: Date): Promise<void> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'hoadon';
  workbook.created = madeAt;
  const sheet = workbook.addWorksheet('Hàng hóa', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({
    key: c.field,
    width: c.width,
    ...(c.field === 'unitPrice' || c.field === 'costPrice' ? { style: { numFmt: '#,##0' } } : {}),
    // Barcodes and SKUs stay text: a number cell would drop an EAN's leading zero.
    ...(c.field === 'barcode' || c.field === 'sku' ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const p of products) {
    sheet.addRow(productCells(p)).commit();
    if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
  sheet.commit();
  await workbook.commit();
}
