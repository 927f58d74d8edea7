/** `hoadon export sales-ledger` as a real process on a store's data dir. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/calendar.js';
import { goLive } from '../support/live-seller.js';
import { runHoadon } from '../support/processes.js';
import { invoiceBody, startTestNode } from '../support/test-node.js';

describe('hoadon export sales-ledger', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-export-cli-'));
  const month = localDate(new Date(), 'Asia/Ho_Chi_Minh').slice(0, 7);

  beforeAll(async () => {
    const node = await startTestNode({ dataDir });
    await goLive(node);
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    await node.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes the month to the file named after it, and to stdout with -o -', () => {
    const file = join(dataDir, `bang-ke-ban-ra-${month}.csv`);
    const written = runHoadon([
      'export',
      'sales-ledger',
      '--month',
      month,
      '--format',
      'csv',
      '-o',
      file,
      '--data-dir',
      dataDir,
    ]);
    expect(written.status, written.stderr).toBe(0);
    const rows = parse(readFileSync(file), { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => [r[0], r[7], r[9], r[10]])).toEqual([
      ['10%', 'Công ty TNHH Hòa Bình', '50000', '5000'],
    ]);
    const printed = runHoadon([
      'export',
      'sales-ledger',
      '--month',
      month,
      '--format',
      'json',
      '-o',
      '-',
      '--data-dir',
      dataDir,
    ]);
    expect(printed.status, printed.stderr).toBe(0);
    expect(JSON.parse(printed.stdout).footer).toEqual({ revenue: 50_000, taxableRevenue: 50_000, taxAmount: 5_000 });
  });

  it('refuses an inverted range and an unknown format with a Vietnamese line and exit 1', () => {
    const inverted = runHoadon([
      'export',
      'sales-ledger',
      '--from',
      '2026-11-30',
      '--to',
      '2026-11-01',
      '--data-dir',
      dataDir,
    ]);
    expect([inverted.status, inverted.stderr]).toEqual([
      1,
      expect.stringContaining('Ngày kết thúc (--to) phải bằng hoặc sau'),
    ]);
    const format = runHoadon(['export', 'sales-ledger', '--month', month, '--format', 'docx', '--data-dir', dataDir]);
    expect([format.status, format.stderr]).toEqual([1, expect.stringContaining('--format là một trong')]);
  });
});
