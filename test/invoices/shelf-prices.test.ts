/**
 * Shelf prices, VAT included (`pricesIncludeVat`), over HTTP: the examples, the invoice totalling
 * exactly the shelf prices in its answer, its stored detail and its signed XML; orders, replacements and
 * adjustments sent the same way; and the lines without the flag keeping their meaning before tax.
 */
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await reducedRateOnEveryDate(node);
});
afterAll(() => node.close());

const texts = (xml: string, tag: string) =>
  Array.from(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(tag), (e) => e.textContent);

const coffee = (quantity: number, unitPrice = 25_000, taxRate = 0.1) => ({
  name: 'Cà phê sữa đá',
  unit: 'ly',
  quantity,
  unitPrice,
  taxRate,
});

describe('shelf prices with VAT included', () => {
  it('prices the examples: 1 × 25.000 and 2 × 25.000 at 10 %, 1 × 29.000 at 8 %, to the sum of the shelf', async () => {
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [coffee(1), coffee(2), coffee(1, 29_000, 0.08)], pricesIncludeVat: true }),
    });
    expect(r.status, r.body).toBe(201);
    const invoice = r.json.data;
    expect(invoice.items.map((i: Record<string, number>) => [i.total, i.taxAmount, i.shelfPrice])).toEqual([
      [22_727, 2_273, 25_000],
      [45_455, 4_545, 25_000],
      [26_852, 2_148, 29_000],
    ]);
    expect(invoice.items[0].unitPrice).toBe(22_727.272727);
    expect(invoice.totals).toMatchObject({ subtotal: 95_034, taxAmount: 8_966, total: 104_000 });
    const detail = (await node.request('GET', `/invoices/${invoice.id}`)).json.data;
    expect(detail.items[2]).toMatchObject({ unitPrice: 26_851.851852, shelfPrice: 29_000, total: 26_852 });
    expect(detail.totals).toEqual(invoice.totals);

    const xml = (await node.request('GET', `/invoices/${invoice.id}/xml`)).body;
    expect(texts(xml, 'DGia')).toEqual(['22727.272727', '22727.272727', '26851.851852']);
    expect(texts(xml, 'TgTTTBSo')).toEqual(['104000']);
    expect(texts(xml, 'TgTThue')).toEqual(['8966']);
    expect(verifyInvoiceXml(xml)).toEqual([]);
  });

  it('takes a discount off the shelf price and checks a sent total against the price with tax', async () => {
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ ...coffee(3, 29_000, 0.08), discountAmount: 5_000, total: 82_000 }],
        pricesIncludeVat: true,
      }),
    });
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.totals).toMatchObject({ subtotal: 75_926, taxAmount: 6_074, total: 82_000 });
    const xml = (await node.request('GET', `/invoices/${r.json.data.id}/xml`)).body;
    // SLuong × DGia − STCKhau = ThTien: 3 × 26.851,851852 = 80.556 − 4.630 = 75.926.
    expect(texts(xml, 'STCKhau')).toEqual(['4630']);

    const wrong = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [{ ...coffee(1), total: 22_727 }], pricesIncludeVat: true }),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json.error.details)).toContain('giá đã gồm thuế');
  });

  it('keeps unitPrice before tax without the flag', async () => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ items: [coffee(1)] }) });
    expect(r.json.data.totals).toMatchObject({ subtotal: 25_000, taxAmount: 2_500, total: 27_500 });
    expect(r.json.data.items[0].shelfPrice).toBeUndefined();
  });

  it('issues an order sent at shelf prices at those prices', async () => {
    const order = await node.request('POST', '/orders', {
      body: { buyer: { name: 'Khách lẻ' }, items: [coffee(2)], pricesIncludeVat: true },
    });
    expect(order.status, order.body).toBe(201);
    expect(order.json.data.totals).toMatchObject({ total: 50_000 });
    const issued = await node.request('POST', '/invoices/one-click', {
      body: { orderId: order.json.data.id, channel: 'pos' },
    });
    expect(issued.status, issued.body).toBe(201);
    expect(issued.json.data.invoice ?? issued.json.data).toMatchObject({
      totals: { subtotal: 45_455, taxAmount: 4_545, total: 50_000 },
    });
  });

  it('replaces and adjusts at shelf prices', async () => {
    const original = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [coffee(1)], pricesIncludeVat: true }),
    });
    const replacement = await node.request('POST', `/invoices/${original.json.data.id}/replace`, {
      body: {
        buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
        items: [coffee(2)],
        pricesIncludeVat: true,
        reason: 'Sai số lượng',
      },
    });
    expect(replacement.status, replacement.body).toBe(200);
    expect(replacement.json.data.totals).toMatchObject({ total: 50_000, taxAmount: 4_545 });

    const sold = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [coffee(2)], pricesIncludeVat: true }),
    });
    const decrease = await node.request('POST', `/invoices/${sold.json.data.id}/adjust`, {
      body: {
        type: 'decrease',
        items: [{ name: 'Cà phê sữa đá', quantity: 1, unitPrice: 25_000 }],
        pricesIncludeVat: true,
        reason: 'Trả lại một ly',
      },
    });
    expect(decrease.status, decrease.body).toBe(200);
    expect(decrease.json.data.totals).toMatchObject({ subtotal: -22_727, taxAmount: -2_273, total: -25_000 });
    expect(decrease.json.data.items[0]).toMatchObject({ unitPrice: -22_727.272727, shelfPrice: -25_000 });
  });
});
