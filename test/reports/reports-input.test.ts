import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { runHoadon } from '../support/processes.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('reports, analytics and aggregate: input and roles', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock: testClock('2026-09-10T03:00:00.000Z') });
    await node.request('POST', '/invoices', { body: invoiceBody() });
  });
  afterAll(() => node.close());

  it.each([
    '/reports/monthly?month=2026-13',
    '/reports/monthly?month=2026-1',
    '/reports/monthly?month=september',
    '/reports/monthly?pageSize=1001',
    '/analytics/channels?days=0',
    '/analytics/channels?days=367',
    '/analytics/top-customers?days=abc',
    '/analytics/top-skus?days=1.5',
    '/aggregate?date=2026-02-30',
    '/aggregate?date=10/09/2026',
  ])('refuses %s with 400', async (path) => {
    const r = await node.request('GET', path);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('defaults: this month, 30 days, today', async () => {
    expect((await node.request('GET', '/reports/monthly')).json.data).toMatchObject({
      month: '2026-09',
      summary: { count: 1, totalAmount: 55_000, taxAmount: 5_000 },
    });
    expect((await node.request('GET', '/analytics/channels')).json.data[0]).toEqual({
      channel: 'pos',
      count: 1,
      revenue: 55_000,
    });
    expect((await node.request('GET', '/aggregate')).json.data).toEqual({
      date: '2026-09-10',
      totalQty: 2,
      totalAmount: 55_000,
      invoiceCount: 1,
      byRate: [{ taxGroup: '10%', rate: 0.1, amount: 50_000, tax: 5_000, total: 55_000 }],
      quantitiesByUnit: [{ unit: 'cái', quantity: 2 }],
    });
  });

  it('keeps reports and analytics from cashiers but lets them see the aggregate', async () => {
    const cashier = await node.tokenFor('cashier');
    for (const path of [
      '/reports/summary',
      '/reports/monthly',
      '/analytics/channels',
      '/analytics/top-customers',
      '/analytics/top-skus',
    ]) {
      expect((await node.request('GET', path, { token: cashier })).status).toBe(403);
    }
    expect((await node.request('GET', '/aggregate', { token: cashier })).status).toBe(200);
    expect((await node.request('GET', '/reports/summary', { token: await node.tokenFor('accountant') })).status).toBe(
      200,
    );
  });

  it('hoadon aggregate prints the same figures from the database', async () => {
    const json = runHoadon(['aggregate', '--date', '2026-09-10', '--json', '--data-dir', node.dataDir]);
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual((await node.request('GET', '/aggregate?date=2026-09-10')).json.data);
    const text = runHoadon(['aggregate', '--date', '2026-09-10', '--data-dir', node.dataDir]);
    expect(text.stdout).toMatch(/Ngày 2026-09-10: 1 hóa đơn, 2 cái, tổng tiền 55\.000 đ/);
    expect(text.stdout).toMatch(/10%: chưa thuế 50\.000 đ, thuế 5\.000 đ, cộng 55\.000 đ/);
    expect(runHoadon(['aggregate', '--date', '2026-9-1', '--data-dir', node.dataDir]).status).toBe(1);
  });
});
