import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { type DecodedJob, type FakePrinter, startFakePrinter, toGrey } from '../support/fake-printer.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const SELLER = 'Công ty Cổ phần Cà phê Hòa Bình';
/** The copy's mark; OCR sometimes loses the hook above the A, and a receipt without the mark reads 4 edits away. */
const COPY_MARK = 'BẢN SAO';
/** A demo node's invoice names the built-in demo seller whatever seller is set (docs/invoices.md): its MST. */
const PRINTED_SELLER = 'MST: 9999999997';
/** Two tesseract readings of a picture take seconds, many more on a busy machine: no duration is asserted. */
const OCR = { timeout: 180_000 };
const RESET = Buffer.from([0x1b, 0x40]);
const CUT = Buffer.from([0x1d, 0x56]);
const KICK = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);

let node: TestNode;
let wide: FakePrinter;
let narrow: FakePrinter;
let silent: FakePrinter;
let noPaper: FakePrinter;
let closedPort: number;
const pictures = mkdtempSync(join(tmpdir(), 'hoadon-receipts-'));

const printer = (id: string, name: string, address: string, paperWidthMm: 80 | 58) => ({
  id,
  name,
  connection: 'tcp',
  address,
  paperWidthMm,
  openDrawerOnCash: true,
});

beforeAll(async () => {
  node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
  await node.request('PATCH', '/config', {
    body: { seller: { name: SELLER, mst: '0300588569', address: '12 Lê Lợi, Quận 1' } },
  });
  [wide, narrow, silent, noPaper] = await Promise.all([
    startFakePrinter('ready'),
    startFakePrinter('ready'),
    startFakePrinter('silent'),
    startFakePrinter('no-paper'),
  ]);
  // A port that was just free and is closed again: nothing listens there.
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  const put = await node.request('PUT', '/settings/printers', {
    body: [
      printer('quay-1', 'Quầy 1', wide.address, 80),
      printer('quay-2', 'Quầy 2', narrow.address, 58),
      printer('im-lang', 'Quầy 3', silent.address, 80),
      printer('tat', 'Quầy 4', `127.0.0.1:${closedPort}`, 80),
      printer('het-giay', 'Quầy 5', noPaper.address, 80),
    ],
  });
  expect(put.status, put.body).toBe(200);
});
afterAll(async () => {
  await Promise.all([wide, narrow, silent, noPaper].map((p) => p?.close()));
  await node.close();
});

const issue = async (overrides: Record<string, unknown> = {}) => {
  const r = await node.request('POST', '/invoices', { body: invoiceBody(overrides) });
  expect(r.status, r.body).toBe(201);
  return r.json.data as { id: string; number: number; kyHieu: string; mauSo: string; lookupCode: string };
};

const print = (id: string, body: Record<string, unknown>) => node.request('POST', `/invoices/${id}/print`, { body });

/** Where a printed picture is written: kept after the run, so that a reading that failed can be looked at. */
const pictureFile = (name: string) => join(pictures, `${name}.pgm`);

/**
 * What tesseract (Vietnamese) reads on the printed picture, written as a PGM beside the test's temp files.
 * It reads the page twice, by blocks (its default) and as one column of text (`--psm 6`): on a receipt of
 * mixed type sizes each reading drops a different line now and then, and a line either reads is on the paper.
 */
function readPrinted(job: DecodedJob, name: string): string {
  const image = job.image!;
  const file = pictureFile(name);
  writeFileSync(file, Buffer.concat([Buffer.from(`P5 ${image.width} ${image.height} 255\n`), toGrey(image)]));
  const read = (...mode: string[]) =>
    execFileSync('tesseract', [file, 'stdout', '-l', 'vie', ...mode], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  return `${read()}\n${read('--psm', '6')}`;
}

/**
 * The fewest edits that turn `wanted` into some run of `text` (an approximate substring match). Tesseract
 * misreads a glyph now and then (6 for G, Ẽ for Ế), loses a line in one of its two readings, or breaks a line
 * where the paper does not, so the tests look for each printed fact anywhere in what it read, within a few
 * edits, and for the invoice's number exactly: the wrong seller, buyer or lookup code is six edits away or more
 * (another invoice's code about ten), the wrong number or total is another number.
 */
function nearest(text: string, wanted: string): number {
  let column = Array.from({ length: wanted.length + 1 }, (_, i) => i);
  let best = wanted.length;
  for (const glyph of text) {
    const next = [0];
    for (let i = 1; i <= wanted.length; i++)
      next[i] = Math.min(column[i]! + 1, next[i - 1]! + 1, column[i - 1]! + (wanted[i - 1] === glyph ? 0 : 1));
    column = next;
    best = Math.min(best, column[wanted.length]!);
  }
  return best;
}

/** What OCR read, without the blanks and line breaks it puts in or leaves out, in one case. */
const face = (text: string) => text.normalize('NFC').replace(/\s+/g, '').toLocaleLowerCase('vi');
/** How far the printed text is from `wanted` at its nearest place, blanks and case aside. */
const readsAs = (text: string, wanted: string) => nearest(face(text), face(wanted));

/** The printed runs of eight digits (the invoice's number), O read for 0 put back. */
const eightDigits = (text: string) => text.replace(/[Oo]/g, '0').match(/(?<!\d)\d{8}(?!\d)/g) ?? [];

/**
 * The amounts read on the "Tổng thanh toán" lines, as digits: a line counts when its start reads within three
 * edits of the label ("Tổng tiền hàng" is further), and its amount is every digit after it, O read for 0 put
 * back, so `55.000` read as `55,000` or `55.0O0` is still 55000 and another total is not.
 */
function totalsRead(text: string): string[] {
  const label = face('Tổng thanh toán');
  return text.split('\n').flatMap((line) => {
    const read = face(line).replace(/^[^\p{L}]+/u, '');
    for (let end = label.length - 2; end <= label.length + 2; end++)
      if (distance(read.slice(0, end), label) <= 3)
        return [
          read
            .slice(end)
            .replace(/o/g, '0')
            .replace(/[^0-9]/g, ''),
        ];
    return [];
  });
}

/** Edits between two strings (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

const inkShare = (job: DecodedJob) => job.image!.dots.reduce((sum, dot) => sum + dot, 0) / job.image!.dots.length;
const has = (haystack: Buffer, needle: Buffer) => haystack.indexOf(needle) !== -1;

describe('POST /invoices/:id/print', () => {
  for (const [paper, dots, printerId] of [
    [80, 576, 'quay-1'],
    [58, 384, 'quay-2'],
  ] as const) {
    it(
      `prints a cash sale at ${paper} mm as a ${dots}-dot raster the printer reads back, cuts and opens the drawer`,
      OCR,
      async () => {
        const invoice = await issue({ buyer: { name: 'Lê Văn Đức' } });
        const target = paper === 80 ? wide : narrow;
        const r = await print(invoice.id, { printerId });
        expect(r.status, r.body).toBe(200);
        expect(r.json.data).toMatchObject({ printerId, drawerOpened: true });
        const job = await target.nextJob();
        expect(job.bytes.subarray(0, 2).equals(RESET)).toBe(true);
        expect(job.rasterWidths.length).toBeGreaterThan(0);
        expect(new Set(job.rasterWidths)).toEqual(new Set([dots]));
        const ink = inkShare(job);
        expect(ink).toBeGreaterThan(0.02);
        expect(ink).toBeLessThan(0.4);
        expect(has(job.commands, CUT)).toBe(true);
        expect(job.commands.indexOf(CUT)).toBeGreaterThan(job.commands.indexOf(RESET));
        expect(has(job.commands, KICK)).toBe(true);
        const text = readPrinted(job, `cash-${paper}`);
        const seen = `${text}\n(read from ${pictureFile(`cash-${paper}`)})`;
        expect(readsAs(text, PRINTED_SELLER), seen).toBeLessThanOrEqual(2);
        expect(readsAs(text, `Ký hiệu ${invoice.kyHieu}`), seen).toBeLessThanOrEqual(2);
        expect(eightDigits(text), seen).toContain(String(invoice.number).padStart(8, '0'));
        expect(totalsRead(text), seen).toContain('55000');
        expect(readsAs(text, invoice.lookupCode), seen).toBeLessThanOrEqual(2);
        expect(readsAs(text, 'Lê Văn Đức'), seen).toBeLessThanOrEqual(3);
        expect(readsAs(text, COPY_MARK), seen).toBeGreaterThan(2);
      },
    );

    it(`reprints at ${paper} mm marked "BẢN SAO" without opening the drawer`, OCR, async () => {
      const invoice = await issue();
      const target = paper === 80 ? wide : narrow;
      await print(invoice.id, { printerId });
      await target.nextJob();
      const r = await print(invoice.id, { printerId, copy: true });
      expect(r.status, r.body).toBe(200);
      expect(r.json.data.drawerOpened).toBe(false);
      const job = await target.nextJob();
      expect(new Set(job.rasterWidths)).toEqual(new Set([dots]));
      expect(has(job.commands, CUT)).toBe(true);
      expect(has(job.commands, KICK)).toBe(false);
      const text = readPrinted(job, `copy-${paper}`);
      const seen = `${text}\n(read from ${pictureFile(`copy-${paper}`)})`;
      expect(readsAs(text, COPY_MARK), seen).toBeLessThanOrEqual(2);
      expect(totalsRead(text), seen).toContain('55000');
      expect(eightDigits(text), seen).toContain(String(invoice.number).padStart(8, '0'));
    });
  }

  it('does not open the drawer for a transfer', async () => {
    const invoice = await issue({ paymentMethod: 'CK' });
    const r = await print(invoice.id, { printerId: 'quay-1' });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.drawerOpened).toBe(false);
    const job = await wide.nextJob();
    expect(has(job.commands, CUT)).toBe(true);
    expect(has(job.commands, KICK)).toBe(false);
  });

  it('answers 503 in Vietnamese when the printer never answers its status, and sends it no receipt', async () => {
    const invoice = await issue();
    const r = await print(invoice.id, { printerId: 'im-lang' });
    expect(r.status, r.body).toBe(503);
    expect(r.json.error.message).toContain('Máy in Quầy 3 không phản hồi');
    expect(silent.jobs).toHaveLength(0);
  });

  it('answers 503 in Vietnamese when nothing listens at the printer’s address', async () => {
    const invoice = await issue();
    const r = await print(invoice.id, { printerId: 'tat' });
    expect(r.status, r.body).toBe(503);
    expect(r.json.error.message).toContain('Máy in Quầy 4 không phản hồi');
  });

  it('answers 503 "Máy in hết giấy" when the printer reports no paper, and sends it nothing', async () => {
    const invoice = await issue();
    const r = await print(invoice.id, { printerId: 'het-giay' });
    expect(r.status, r.body).toBe(503);
    expect(r.json.error.message).toContain('Máy in hết giấy');
    expect(noPaper.jobs).toHaveLength(0);
  });

  it('refuses an unknown printer with a Vietnamese 400 and records the print in the invoice’s trail', async () => {
    const invoice = await issue();
    const r = await print(invoice.id, { printerId: 'khong-co' });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.message).toContain('Không có máy in "khong-co"');
    await print(invoice.id, { printerId: 'quay-1' });
    await wide.nextJob();
    const trail = (await node.request('GET', `/invoices/${invoice.id}/audit`)).json.data as { action: string }[];
    expect(trail.map((e) => e.action)).toContain('receipt-printed');
  });
});
