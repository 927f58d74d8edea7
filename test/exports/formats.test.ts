/**
 * Each format says the same ledger: the XLSX read back with exceljs and the CSV with csv-parse equal the
 * JSON export row by row; the PDF's text (pdftotext) has the headers, the diacritics and the totals.
 * Demo-mode invoices never appear; an empty period is an empty ledger with zero totals.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/exports/csv-writer.js';
import type { ExportFormat, ExportsService } from '../../src/exports/exports.service.js';
import { LEDGER_TITLE } from '../../src/exports/ledger-header.js';
import { viMoney } from '../../src/exports/pdf-writer.js';
import { monthPeriod } from '../../src/exports/period.js';
import { FOOTER_LABELS, type LedgerRow, SECTION_TITLES } from '../../src/exports/sales-ledger.js';
import { LEDGER_SHEET, VAT_SHEET } from '../../src/exports/xlsx-writer.js';
import { testClock } from '../support/clock.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { freshToken, TOKEN_TTL_SECONDS } from './scenario.js';

interface JsonLedger {
  sections: {
    key: string;
    rate: string;
    title: string;
    rows: LedgerRow[];
    total: { amount: number; taxAmount: number };
  }[];
  footer: { revenue: number; taxableRevenue: number; taxAmount: number };
  vat: { indicators: { code: string; value: number }[] };
}

async function exportOf(exports: ExportsService, month: string, format: ExportFormat): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exports.salesLedger(monthPeriod(month), format, out);
  return Buffer.concat(chunks);
}

describe('sales ledger formats', () => {
  const clock = testClock('2026-11-02T02:00:00.000Z');
  let node: TestNode;
  let exports: ExportsService;
  let ledger: JsonLedger;
  const dir = mkdtempSync(join(tmpdir(), 'hoadon-export-formats-'));

  beforeAll(async () => {
    node = await startTestNode({ clock, config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    exports = node.node.services.exports;
    // Issued in demo mode: never in a ledger.
    const demo = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Khách dùng thử' } }) });
    expect(demo.json.data.demo).toBe(true);
    await goLive(node);
    const issue = async (path: string, body: unknown) => {
      await freshToken(node, clock.now());
      const r = await node.request('POST', path, { body });
      expect([200, 201], r.body).toContain(r.status);
      return r.json.data.id as string;
    };
    const mixed = await issue(
      '/invoices',
      invoiceBody({
        buyer: { name: 'Công ty TNHH "Sao Mai", chi nhánh Đà Nẵng', mst: '0100109106' },
        items: [
          { name: 'Cà phê hạt', unit: 'cái', quantity: 3, unitPrice: 185_000, taxRate: 0.08 },
          { name: 'Bình giữ nhiệt', unit: 'cái', quantity: 1, unitPrice: 420_000, taxRate: 0.1 },
          { name: 'Sách hướng dẫn', unit: 'cái', quantity: 2, unitPrice: 55_000, taxRate: 0.05 },
        ],
      }),
    );
    clock.set('2026-11-05T03:00:00.000Z');
    const walkIn = await issue(
      '/invoices',
      invoiceBody({
        buyer: { name: '=Khách lẻ' },
        items: [{ name: 'Trà đá', unit: 'cái', quantity: 4, unitPrice: 5_000, taxRate: 0 }],
      }),
    );
    await issue(`/invoices/${walkIn}/replace`, {
      buyer: { name: 'Nguyễn Thị Ánh' },
      items: [{ name: 'Trà đá', unit: 'cái', quantity: 5, unitPrice: 5_000, taxRate: 0 }],
      reason: 'Sai số lượng',
    });
    clock.set('2026-11-20T03:00:00.000Z');
    await issue(`/invoices/${mixed}/adjust`, {
      type: 'decrease',
      items: [{ name: 'Cà phê hạt', unit: 'cái', quantity: 1, unitPrice: 185_000 }],
      reason: 'Trả lại hàng',
    });
    ledger = JSON.parse((await exportOf(exports, '2026-11', 'json')).toString('utf8')) as JsonLedger;
  });
  afterAll(async () => {
    await node.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowsOf = (l: JsonLedger) => l.sections.flatMap((s) => s.rows.map((row) => ({ rate: s.rate, ...row })));

  it('lists the live invoices only, each rate in its section, the replaced one at 0 and the decrease negative', () => {
    const rows = rowsOf(ledger);
    // The demo invoice took a number of the demo series: the legal series starts at 1.
    expect(rows.some((r) => r.buyerName === 'Khách dùng thử')).toBe(false);
    expect(rows.map((r) => [r.rate, r.number, r.amount, r.taxAmount])).toEqual([
      ['0%', 2, 0, 0],
      ['0%', 3, 25_000, 0],
      ['5%', 1, 110_000, 5_500],
      ['8%', 1, 555_000, 44_400],
      ['8%', 4, -185_000, -14_800],
      ['10%', 1, 420_000, 42_000],
    ]);
    expect(ledger.footer).toEqual({ revenue: 925_000, taxableRevenue: 925_000, taxAmount: 77_100 });
    expect(ledger.sections.find((s) => s.key === '8')!.total).toEqual({ rows: 2, amount: 370_000, taxAmount: 29_600 });
  });

  it('writes the same rows in CSV (UTF-8 with BOM, comma), read back with csv-parse', async () => {
    const csv = await exportOf(exports, '2026-11', 'csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parse(csv, { bom: true }) as string[][];
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(records).toEqual(
      rowsOf(ledger).map((r) => [
        r.rate,
        String(r.stt),
        r.kind,
        r.mauSo,
        r.kyHieu,
        String(r.number),
        r.issueDate,
        r.buyerName.startsWith('=') ? `'${r.buyerName}` : r.buyerName,
        r.buyerMst,
        String(r.amount),
        String(r.taxAmount),
        r.note,
      ]),
    );
  });

  it('writes the same rows in XLSX as number cells, with the section totals, footer and VAT sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const xlsx = await exportOf(exports, '2026-11', 'xlsx');
    await workbook.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet(LEDGER_SHEET)!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToWidth: 1 });
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const dataRows = values.filter((v) => typeof v[1] === 'number').map((v) => v.slice(1));
    expect(dataRows).toEqual(
      rowsOf(ledger).map((r) => [
        r.stt,
        r.kind,
        r.mauSo,
        r.kyHieu,
        r.number,
        new Date(
          Date.UTC(Number(r.issueDate.slice(6)), Number(r.issueDate.slice(3, 5)) - 1, Number(r.issueDate.slice(0, 2))),
        ),
        r.buyerName,
        ...(r.buyerMst ? [r.buyerMst] : [undefined]),
        r.amount,
        r.taxAmount,
        ...(r.note ? [r.note] : []),
      ]),
    );
    const moneyCell = sheet.getRow(values.findIndex((v) => v[1] === 1) + 1).getCell(9);
    expect(moneyCell.numFmt).toBe('#,##0');
    const labelled = (label: string) => values.find((v) => v[1] === label)!;
    expect(labelled(FOOTER_LABELS.taxableRevenue)[9]).toBe(925_000);
    expect(labelled(FOOTER_LABELS.taxAmount)[10]).toBe(77_100);
    expect(values.filter((v) => v[1] === 'Tổng cộng').map((v) => [v[9], v[10]])).toEqual(
      ledger.sections.map((s) => [s.total.amount, s.total.taxAmount]),
    );
    const vat = workbook.getWorksheet(VAT_SHEET)!.getSheetValues().filter(Boolean) as unknown[][];
    expect(vat.find((v) => v[1] === '[32]')![3]).toBe(420_000 + 370_000);
  });

  it('prints the form in PDF: title, sections, diacritics, totals, signature and page numbers', async () => {
    const file = join(dir, 'ledger.pdf');
    writeFileSync(file, await exportOf(exports, '2026-11', 'pdf'));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    expect(text).toContain(LEDGER_TITLE);
    expect(text).toContain('Kỳ tính thuế: Tháng 11 năm 2026');
    for (const title of Object.values(SECTION_TITLES)) expect(text).toContain(title);
    expect(text).toContain('Nguyễn Thị Ánh');
    expect(text).toContain(FOOTER_LABELS.taxableRevenue);
    expect(text).toContain(viMoney(925_000));
    expect(text).toContain(viMoney(77_100));
    expect(text).toContain('-185.000');
    expect(text).toContain('NGƯỜI NỘP THUẾ');
    expect(text).toContain('Trang 1');
    expect(text).not.toContain('Khách dùng thử');
  });

  it('gives an empty period an empty ledger with zero totals', async () => {
    const empty = JSON.parse((await exportOf(exports, '2026-10', 'json')).toString('utf8')) as JsonLedger;
    expect(empty.sections).toHaveLength(7);
    expect(empty.sections.every((s) => s.rows.length === 0 && s.total.amount === 0)).toBe(true);
    expect(empty.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
    expect(empty.vat.indicators.every((i) => i.value === 0)).toBe(true);
    const csv = parse(await exportOf(exports, '2026-10', 'csv'), { bom: true }) as string[][];
    expect(csv).toEqual([[...CSV_COLUMNS]]);
  });
});
