/** GET /reports/day over HTTP: a store-local day's revenue by payment method and tax rate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

// 23:30 on 25 November in Hà Nội (16:30 UTC): the day's last half hour.
const clock = testClock('2026-11-25T16:30:00.000Z');
let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ clock });
});
afterAll(() => node.close());

const issue = async (key: string, body: Record<string, unknown>) => {
  const r = await node.request('POST', '/invoices', { body: invoiceBody(body), headers: { 'x-idempotency-key': key } });
  expect(r.status, r.body).toBe(201);
  return r.json.data;
};

describe('GET /reports/day', () => {
  it('breaks the day down by payment method (largest first) and tax rate, counting issued invoices only', async () => {
    await issue('d1', {
      paymentMethod: 'TM',
      items: [
        { name: 'Cà phê', unit: 'cái', sku: 'CF', quantity: 2, unitPrice: 25_000, taxRate: 0.08 },
        { name: 'Bia', unit: 'cái', sku: 'BIA', quantity: 1, unitPrice: 30_000, taxRate: 0.1 },
      ],
    });
    await issue('d2', {
      paymentMethod: 'CK',
      items: [{ name: 'Bia', unit: 'cái', quantity: 2, unitPrice: 30_000, taxRate: 0.1 }],
    });
    const replaced = await issue('d3', { paymentMethod: 'CK' });
    const replace = await node.request('POST', `/invoices/${replaced.id}/replace`, {
      body: { ...invoiceBody({ paymentMethod: 'CK', channel: undefined }), reason: 'Sai tên người mua' },
      headers: { 'x-idempotency-key': 'd4' },
    });
    expect(replace.status, replace.body).toBe(200);
    clock.advance(60 * 60 * 1000); // the next day begins: its invoices are not this day's
    await issue('d5', { paymentMethod: 'TM' });

    const r = await node.request('GET', '/reports/day?date=2026-11-25');
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toEqual({
      date: '2026-11-25',
      byPaymentMethod: [
        { paymentMethod: 'CK', count: 2, subtotal: 110_000, taxAmount: 11_000, total: 121_000 },
        { paymentMethod: 'TM', count: 1, subtotal: 80_000, taxAmount: 7_000, total: 87_000 },
      ],
      byTaxRate: [
        { taxRate: 0.08, taxGroup: '8%', subtotal: 50_000, taxAmount: 4_000, total: 54_000 },
        { taxRate: 0.1, taxGroup: '10%', subtotal: 140_000, taxAmount: 14_000, total: 154_000 },
      ],
      byStatus: [
        { status: 'issued', count: 3 },
        { status: 'replaced', count: 1 },
      ],
    });
    const today = await node.request('GET', '/reports/day');
    expect(today.json.data.date).toBe('2026-11-26');
    expect(today.json.data.byStatus).toEqual([{ status: 'issued', count: 1 }]);
  });

  it('refuses a malformed date with a message naming the field', async () => {
    const r = await node.request('GET', '/reports/day?date=25/11/2026');
    expect(r.status).toBe(400);
    expect(r.json.error.details[0].path).toBe('querystring.date');
  });
});
