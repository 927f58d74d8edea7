/**
 * An adjustment of an invoice of a declared month (docs/exports.md, "Declared months"): the declared month's
 * ledger and 01/GTGT figures do not move; the month of the adjustment lists it at 0 in its rate's section and
 * in "Điều chỉnh, thay thế hóa đơn của kỳ đã khai" with its own amount and tax, naming the original and its
 * month. Real SQLite and HTTP, the node's clock moved from October to November.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const clock = testClock('2026-10-15T03:00:00.000Z');
let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ clock, config: { timeZone: 'Asia/Ho_Chi_Minh' } });
});
afterAll(() => node.close());

/** October's files as the accountant downloads them. */
async function octoberFiles() {
  const files: Record<string, string> = {};
  for (const format of ['json', 'csv']) {
    const r = await node.request('GET', `/exports/sales-ledger?month=2026-10&format=${format}`);
    expect(r.status).toBe(200);
    files[format] = r.body;
  }
  files.vat = (await node.request('GET', '/exports/vat-figures?month=2026-10')).body;
  return files;
}

describe('an adjustment of an invoice of a declared month', () => {
  it('leaves the declared month as declared and is listed, with its difference, in the month it is made', async () => {
    const original = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(original.status, original.body).toBe(201);
    const { id, number, mauSo, kyHieu } = original.json.data;

    clock.set('2026-11-05T03:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const locked = await node.request('POST', '/exports/periods/2026-10/lock');
    expect(locked.status, locked.body).toBe(200);
    const before = await octoberFiles();
    expect(JSON.parse(before.json!).footer).toEqual({ revenue: 50_000, taxableRevenue: 50_000, taxAmount: 5_000 });

    // The next morning, the buyer says one cup was missing.
    clock.set('2026-11-06T02:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const adjusted = await node.request('POST', `/invoices/${id}/adjust`, {
      body: {
        type: 'increase',
        items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000, taxRate: 0.1 }],
        reason: 'Thiếu một ly',
      },
    });
    expect(adjusted.status, adjusted.body).toBe(200);
    const adjustment = adjusted.json.data;
    expect(adjustment.issueDate).toBe('2026-11-06');

    const after = await octoberFiles();
    expect(after).toEqual(before);

    const november = (await node.request('GET', '/exports/sales-ledger?month=2026-11&format=json')).json;
    expect(november.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
    const ten = november.sections.find((s: { key: string }) => s.key === '10');
    expect(ten.rows).toHaveLength(1);
    expect(ten.rows[0]).toMatchObject({ number: adjustment.number, amount: 0, taxAmount: 0 });
    expect(ten.rows[0].note).toContain('Hóa đơn của kỳ đã khai (Tháng 10 năm 2026)');
    expect(november.supplementary.rows).toEqual([
      expect.objectContaining({
        kind: 'Điều chỉnh tăng',
        number: adjustment.number,
        original: { mauSo, kyHieu, number, issueDate: '15/10/2026' },
        period: '2026-10',
        rate: '10%',
        amount: 25_000,
        taxAmount: 2_500,
      }),
    ]);
    expect(november.supplementary.total).toEqual({ rows: 1, amount: 25_000, taxAmount: 2_500 });
    const figures = (await node.request('GET', '/exports/vat-figures?month=2026-11')).json.data;
    expect(figures.supplementary).toEqual(november.supplementary);
  });
});
