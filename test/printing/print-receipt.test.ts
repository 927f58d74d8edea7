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
/** "BẢN SAO" as OCR reads it: the hook above the A is sometimes lost. */
const COPY_MARK = /B[AẢ]N SAO/;
/** A demo node's invoice names the built-in demo seller whatever seller is set (docs/invoices.md): its MST. */
const PRINTED_SELLER = 'MST: 9999999997';
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

/**
 * What tesseract (Vietnamese) reads on the printed picture, written as a PGM beside the test's temp files.
 * It reads the page twice, by blocks (its default) and as one column of text (`--psm 6`): on a receipt of
 * mixed type sizes each reading drops a different line now and then, and a line either reads is on the paper.
 */
function readPrinted(job: DecodedJob, name: string): string {
  const image = job.image!;
  const file = join(pictures, `${name}.pgm`);
  writeFileSync(file, Buffer.concat([Buffer.from(`P5 ${image.width} ${image.height} 255\n`), toGrey(image)]));
  const read = (...mode: string[]) =>
    execFileSync('tesseract', [file, 'stdout', '-l', 'vie', ...mode], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  return `${read()}\n${read('--psm', '6')}`;
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

/**
 * How far the printed lookup code reads from `code`: the fewest edits over the "Mã tra cứu" lines. A random
 * code has no dictionary word to lean on, so tesseract misreads a glyph or two (6 for G, 9 for 0); another
 * invoice's code would be about ten edits away.
 */
function readCode(text: string, code: string): number {
  const read = text
    .split('\n')
    .filter((line) => /tra c/i.test(line))
    .map((line) => squeeze(line.slice(line.indexOf(':') + 1)));
  return Math.min(code.length, ...read.map((candidate) => distance(candidate, code)));
}

/**
 * How far the printed buyer's name reads from `name`, lower-cased: the fewest edits over the "Khách hàng" lines.
 * Tesseract takes a diacritic for another now and then ("Lễ", "Bức" for "Đức") or reads capitals; another
 * buyer's name would be most of its letters away.
 */
function readBuyer(text: string, name: string): number {
  const wanted = squeeze(name).toLocaleLowerCase('vi');
  const read = text
    .split('\n')
    .filter((line) => /kh[aá]ch h/i.test(line))
    .map((line) =>
      squeeze(line.slice(line.indexOf(':') + 1))
        .toLocaleLowerCase('vi')
        .slice(0, wanted.length),
    );
  return Math.min(wanted.length, ...read.map((candidate) => distance(candidate, wanted)));
}

const inkShare = (job: DecodedJob) => job.image!.dots.reduce((sum, dot) => sum + dot, 0) / job.image!.dots.length;
const has = (haystack: Buffer, needle: Buffer) => haystack.indexOf(needle) !== -1;
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('POST /invoices/:id/print', () => {
  for (const [paper, dots, printerId] of [
    [80, 576, 'quay-1'],
    [58, 384, 'quay-2'],
  ] as const) {
    it(`prints a cash sale at ${paper} mm as a ${dots}-dot raster the printer reads back, cuts and opens the drawer`, async () => {
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
      expect(squeeze(text)).toContain(squeeze(PRINTED_SELLER));
      expect(squeeze(text)).toContain(`Kýhiệu${invoice.kyHieu}`);
      expect(squeeze(text)).toContain(`Số${String(invoice.number).padStart(8, '0')}`);
      expect(text).toContain('55.000');
      expect(readCode(text, invoice.lookupCode)).toBeLessThanOrEqual(2);
      expect(readBuyer(text, 'Lê Văn Đức')).toBeLessThanOrEqual(3);
      expect(text).not.toMatch(COPY_MARK);
    });

    it(`reprints at ${paper} mm marked "BẢN SAO" without opening the drawer`, async () => {
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
      expect(text).toMatch(COPY_MARK);
      expect(text).toContain('55.000');
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
