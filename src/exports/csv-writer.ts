/**
 * The ledger as CSV for import into accounting software: UTF-8 with a BOM (Excel then reads the diacritics
 * right), `,` between fields, CRLF lines, one line per ledger row with its section as the first field;
 * amounts are integers without grouping, so no decimal separator can be misread; the corrections of declared
 * months follow as `KHBS` lines (docs/exports.md).
 */
import type { Writable } from 'node:stream';
import type { SupplementaryRow } from './declared-periods.js';
import type { LedgerEvent } from './ledger-events.js';
import { SECTION_RATE_TEXT } from './ledger-header.js';
import { LEDGER_COLUMNS, type LedgerRow, type SectionKey } from './sales-ledger.js';
import { endOf, whenWritable } from './writable.js';

export const CSV_DELIMITER = ',';
const BOM = '\uFEFF';
export const CSV_COLUMNS = ['Thuế suất', ...LEDGER_COLUMNS] as const;

/**
 * A text field, quoted when it must be; a text starting with = + - @ gets a leading apostrophe, so that a
 * buyer named "=HYPERLINK(…)" stays a name in a spreadsheet.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Columns (1)–(11) of a ledger row, after its first column. */
const rowColumns = (row: LedgerRow | SupplementaryRow) => [
  String(row.stt),
  csvText(row.kind),
  csvText(row.mauSo),
  csvText(row.kyHieu),
  String(row.number),
  row.issueDate,
  csvText(row.buyerName),
  csvText(row.buyerMst),
  String(row.amount),
  String(row.taxAmount),
  csvText(row.note),
];

export const csvLine = (key: SectionKey, row: LedgerRow) =>
  [SECTION_RATE_TEXT[key], ...rowColumns(row)].join(CSV_DELIMITER);

/**
 * A line of the section for the supplementary declaration: `KHBS <rate>` first (`KHBS` alone for a
 * correction without amounts), the correcting invoice in (1)–(8), the differences in (9) and (10), and the
 * original invoice and its declared month in (11).
 */
export const csvSupplementaryLine = (row: SupplementaryRow) =>
  [row.rate ? `KHBS ${row.rate}` : 'KHBS', ...rowColumns(row)].join(CSV_DELIMITER);

export async function writeCsv(events: AsyncIterable<LedgerEvent>, out: Writable): Promise<void> {
  out.write(`${BOM}${CSV_COLUMNS.map(csvText).join(CSV_DELIMITER)}\r\n`);
  for await (const event of events) {
    if (event.type === 'end') {
      for (const row of event.supplementary.rows) out.write(`${csvSupplementaryLine(row)}\r\n`);
      continue;
    }
    if (event.type !== 'rows') continue;
    let text = '';
    for (const row of event.rows) text += `${csvLine(event.key, row)}\r\n`;
    out.write(text);
    await whenWritable(out);
  }
  await endOf(out);
}
