/** End of day an accountant can sign: per rate and category, and quantities per unit (never kg plus cups). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLING_EXAMPLE_ITEMS } from '../support/baskets.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const clock = testClock('2026-11-20T03:00:00.000Z');
let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ clock });
});
afterAll(() => node.close());

const aggregate = async () => (await node.request('GET', '/aggregate?date=2026-11-20')).json.data;

describe('GET /aggregate', () => {
  it('gives each rate and category its amount, tax and total, and the quantities per unit', async () => {
    const example = await node.request('POST', '/invoices', { body: invoiceBody({ items: SELLING_EXAMPLE_ITEMS }) });
    expect(example.status).toBe(201);
    await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ name: 'Thịt heo', unit: 'kg', quantity: 0.75, unitPrice: 120_000, taxRate: 0.05 }],
      }),
    });
    const day = await aggregate();
    expect(day).toEqual({
      date: '2026-11-20',
      invoiceCount: 2,
      totalAmount: 237_000 + 94_500,
      totalQty: null,
      byRate: [
        { taxGroup: 'KCT', category: 'KCT', amount: 50_000, tax: 0, total: 50_000 },
        { taxGroup: '5%', rate: 0.05, amount: 90_000, tax: 4_500, total: 94_500 },
        { taxGroup: '10%', rate: 0.1, amount: 170_000, tax: 17_000, total: 187_000 },
      ],
      // The promotion is goods given away; the trade discount is none.
      quantitiesByUnit: [
        { unit: 'cuốn', quantity: 1 },
        { unit: 'cái', quantity: 3 },
        { unit: 'kg', quantity: 0.75 },
      ],
    });
  });

  it('lowers the amounts by a price decrease without moving the quantities', async () => {
    const id = (await node.request('GET', '/invoices?pageSize=1')).json.data.items[0].id;
    const r = await node.request('POST', `/invoices/${id}/adjust`, {
      body: { type: 'decrease', items: [{ name: 'Thịt heo', quantity: 0.75, unitPrice: 20_000 }], reason: 'Giảm giá' },
    });
    expect(r.status, r.body).toBe(200);
    const day = await aggregate();
    expect(day.byRate[1]).toEqual({ taxGroup: '5%', rate: 0.05, amount: 75_000, tax: 3_750, total: 78_750 });
    expect(day.totalAmount).toBe(237_000 + 78_750);
    expect(day.quantitiesByUnit).toContainEqual({ unit: 'kg', quantity: 0.75 });
  });

  it('adds the quantities up when the day sold in one unit', async () => {
    clock.set('2026-11-21T03:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    await node.request('POST', '/invoices', { body: invoiceBody() });
    await node.request('POST', '/invoices', { body: invoiceBody() });
    const day = (await node.request('GET', '/aggregate?date=2026-11-21')).json.data;
    expect([day.totalQty, day.quantitiesByUnit]).toEqual([4, [{ unit: 'cái', quantity: 4 }]]);
    expect((await node.request('GET', '/aggregate?date=2026-11-22')).json.data).toMatchObject({
      totalQty: 0,
      byRate: [],
      quantitiesByUnit: [],
    });
  });
});
