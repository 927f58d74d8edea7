/**
 * No sale lowers revenue (docs/invoices.md, "Trade discounts"): a rate group's trade discounts never exceed its
 * goods and a total is never below zero; lowering an issued sale is a decrease adjustment's, for accountants
 * and admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

let node: TestNode;
let cashier: string;
beforeAll(async () => {
  node = await startTestNode({ config: { issueBurst: 1000 } });
  await reducedRateOnEveryDate(node);
  cashier = await node.tokenFor('cashier');
});
afterAll(async () => node.close());

const discount = (unitPrice: number, taxRate = 0.1) => ({
  name: 'Chiết khấu thương mại',
  kind: 'tradeDiscount',
  quantity: 1,
  unitPrice,
  taxRate,
});
const goods = (unitPrice: number, taxRate = 0.1) => ({ name: 'Cà phê', unit: 'ly', quantity: 1, unitPrice, taxRate });

const count = async () => (await node.request('GET', '/invoices')).json.data.total;

describe('a sale with trade discounts', () => {
  it.each([
    ['a trade discount alone', [discount(5_000_000)], 0],
    ['25,000 of goods with a trade discount of 1,000,000', [goods(25_000), discount(1_000_000)], 1],
    ['a discount of the 8 % group against goods of the 10 % group', [goods(100_000), discount(50_000, 0.08)], 1],
  ])('refuses %s with a 400 naming the line, and issues nothing', async (_, items, line) => {
    const before = await count();
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ items }), token: cashier });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details[0].path).toBe(`body.items.${line}`);
    expect(r.json.error.details[0].message).toMatch(new RegExp(`^Dòng ${line + 1}: chiết khấu thương mại`));
    expect(await count()).toBe(before);
  });

  it('issues a trade discount up to its group’s goods, at a total of zero', async () => {
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [goods(25_000), discount(25_000)] }),
      token: cashier,
    });
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.totals).toMatchObject({ subtotal: 0, total: 0 });
  });

  it('still lowers an invoice through a decrease adjustment', async () => {
    const sale = await node.request('POST', '/invoices', { body: invoiceBody({ items: [goods(100_000)] }) });
    const r = await node.request('POST', `/invoices/${sale.json.data.id}/adjust`, {
      body: { type: 'decrease', items: [goods(40_000)], reason: 'Giảm giá sau bán hàng' },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.totals.total).toBe(-44_000);
  });

  it('refuses an increase adjustment whose total is below zero', async () => {
    const sale = await node.request('POST', '/invoices', { body: invoiceBody({ items: [goods(100_000)] }) });
    const r = await node.request('POST', `/invoices/${sale.json.data.id}/adjust`, {
      body: { type: 'increase', items: [discount(40_000)], reason: 'Sai' },
    });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.message).toContain('điều chỉnh giảm');
  });
});
