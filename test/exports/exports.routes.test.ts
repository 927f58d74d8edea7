/**
 * GET /exports/sales-ledger and /exports/vat-figures over HTTP: roles, bad input in Vietnamese, the file's
 * name and type, an empty period, and the answer streamed while the till keeps being answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/calendar.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { testClock } from '../support/clock.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { insertSyntheticLines } from './synthetic-lines.js';

describe('export routes', () => {
  // The seller's certificate of goLive is valid from yesterday: the node's clock stays near the real one.
  const clock = testClock(new Date());
  const month = localDate(clock.now(), 'Asia/Ho_Chi_Minh').slice(0, 7);
  const quarter = `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;
  let node: TestNode;

  beforeAll(async () => {
    node = await startTestNode({ clock });
    await goLive(node);
    const r = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(r.status, r.body).toBe(201);
  });
  afterAll(() => node.close());

  it('lets admin and accountant export, refuses a cashier (403) and a caller without token (401)', async () => {
    const accountant = await node.tokenFor('accountant');
    const cashier = await node.tokenFor('cashier');
    for (const path of [`/exports/sales-ledger?month=${month}&format=csv`, `/exports/vat-figures?month=${month}`]) {
      expect((await node.request('GET', path)).status).toBe(200);
      expect((await node.request('GET', path, { token: accountant })).status).toBe(200);
      const refused = await node.request('GET', path, { token: cashier });
      expect([refused.status, refused.json.error.code]).toEqual([403, 'FORBIDDEN']);
      expect((await node.request('GET', path, { token: null })).status).toBe(401);
    }
  });

  it('names the file after the period and gives each format its type', async () => {
    const cases = [
      [`month=${month}&format=xlsx`, `bang-ke-ban-ra-${month}.xlsx`, 'spreadsheetml'],
      [`quarter=${quarter}&format=csv`, `bang-ke-ban-ra-${quarter}.csv`, 'text/csv'],
      ['from=2026-11-01&to=2026-11-15&format=pdf', 'bang-ke-ban-ra-2026-11-01_2026-11-15.pdf', 'application/pdf'],
      [`month=${month}&format=json`, `bang-ke-ban-ra-${month}.json`, 'application/json'],
      [`month=${month}`, `bang-ke-ban-ra-${month}.xlsx`, 'spreadsheetml'],
    ] as const;
    for (const [query, name, type] of cases) {
      const r = await node.request('GET', `/exports/sales-ledger?${query}`);
      expect(r.status, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(String(r.headers['content-type'])).toContain(type);
    }
  });

  it('refuses an open, inverted or too long range and an unknown format with 400 in Vietnamese', async () => {
    const cases = [
      ['from=2026-11-01&format=csv', 'Thiếu ngày kết thúc (to): khoảng thời gian phải có hai đầu.'],
      ['to=2026-11-01', 'Thiếu ngày bắt đầu (from): khoảng thời gian phải có hai đầu.'],
      ['from=2026-11-30&to=2026-11-01', 'Ngày kết thúc (to) phải bằng hoặc sau ngày bắt đầu (from).'],
      ['from=2025-01-01&to=2026-02-05', 'Khoảng thời gian dài tối đa 400 ngày.'],
      ['month=2026-11&format=docx', 'format là một trong: xlsx, csv, pdf, json.'],
      ['month=11-2026', 'month có dạng YYYY-MM.'],
      ['', 'Cần khoảng thời gian: from và to, hoặc month (YYYY-MM), hoặc quarter (YYYY-Qn).'],
    ] as const;
    for (const [query, message] of cases) {
      const r = await node.request('GET', `/exports/sales-ledger?${query}`);
      expect([r.status, r.json.error.code], query).toEqual([400, 'VALIDATION_ERROR']);
      expect(r.json.error.message, query).toContain(message);
    }
    const vat = await node.request('GET', '/exports/vat-figures?from=2026-11-30&to=2026-11-01');
    expect([vat.status, vat.json.error.message]).toEqual([
      400,
      'Ngày kết thúc (to) phải bằng hoặc sau ngày bắt đầu (from).',
    ]);
  });

  it('answers the VAT figures of a period, zero for an empty one', async () => {
    const r = await node.request('GET', `/exports/vat-figures?month=${month}`);
    expect(r.json.data.footer).toEqual({ revenue: 50_000, taxableRevenue: 50_000, taxAmount: 5_000 });
    const value = (data: { vat: { indicators: { code: string; value: number }[] } }, code: string) =>
      data.vat.indicators.find((i) => i.code === code)?.value;
    expect([value(r.json.data, '[32]'), value(r.json.data, '[33]')]).toEqual([50_000, 5_000]);
    const empty = await node.request('GET', '/exports/vat-figures?from=2020-01-01&to=2020-01-31');
    expect(empty.status).toBe(200);
    expect(empty.json.data.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
    expect(empty.json.data.sections.every((s: { rows: number }) => s.rows === 0)).toBe(true);
  });

  it('streams a long export in chunks while the till keeps issuing invoices', async () => {
    insertSyntheticInvoices(node.node.database.sqlite, 12_000, '2024-11-01T00:00:00.000Z');
    insertSyntheticLines(node.node.database.sqlite);
    const base = await node.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${node.token}` };
    const response = await fetch(`${base}/api/v1/exports/sales-ledger?from=2024-11-01&to=2025-12-05&format=pdf`, {
      headers,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    let bytes = first.value?.length ?? 0;
    let exportDone = false;
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
      exportDone = true;
    })();
    const sale = await fetch(`${base}/api/v1/invoices`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(invoiceBody()),
    });
    expect(sale.status).toBe(201);
    expect(exportDone).toBe(false);
    await reading;
    expect(bytes).toBeGreaterThan(100_000);
  }, 120_000);
});
