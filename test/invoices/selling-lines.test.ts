/**
 * Selling as Vietnamese shops sell, over HTTP: discounts, promotions, trade discounts, KCT, KKKNT and other
 * rates, weighed goods, notes; the answer, the stored detail and the signed XML (xmllint, xmlsec1) agree.
 */
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { SELLING_EXAMPLE_ITEMS, SELLING_EXAMPLE_TOTALS } from '../support/baskets.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';
import { problemsAsSentForCode, xmlsecVerifyAll } from '../tax-messages/support.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await reducedRateOnEveryDate(node);
});
afterAll(() => node.close());

const post = (items: unknown[], overrides: Record<string, unknown> = {}) =>
  node.request('POST', '/invoices', { body: invoiceBody({ items, ...overrides }) });

const texts = (xml: string, tag: string) =>
  Array.from(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(tag), (e) => e.textContent);

describe('the line model', () => {
  it('prices the example: base at 10 % 170,000, tax 17,000, KCT 50,000, total 237,000', async () => {
    const r = await post(SELLING_EXAMPLE_ITEMS);
    expect(r.status, r.body).toBe(201);
    const invoice = r.json.data;
    expect(invoice.totals).toEqual(SELLING_EXAMPLE_TOTALS);
    expect(
      invoice.items.map((i: Record<string, unknown>) => [i.kind, i.taxGroup, i.discount, i.total, i.taxAmount]),
    ).toEqual([
      ['goods', '10%', 20_000, 180_000, 18_000],
      ['goods', 'KCT', 0, 50_000, 0],
      ['promotion', '10%', 0, 0, 0],
      ['tradeDiscount', '10%', 0, -10_000, -1_000],
    ]);
    expect(invoice.items[0]).toMatchObject({ discountRate: 0.1, unit: 'cái' });
    expect(invoice.items[1]).toMatchObject({ taxCategory: 'KCT', taxRate: 0 });
    expect(invoice.lookupCode).toMatch(/^[0-9A-Z]{12}$/);
    const detail = await node.request('GET', `/invoices/${invoice.id}`);
    expect(detail.json.data.totals).toEqual(SELLING_EXAMPLE_TOTALS);
    expect(detail.json.data.items).toEqual(invoice.items);
  });

  it('answers the example the same over real HTTP on loopback', async () => {
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = node.app.server.address() as AddressInfo;
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${node.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(invoiceBody({ items: SELLING_EXAMPLE_ITEMS })),
    });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { data: { totals: unknown } }).data.totals).toEqual(SELLING_EXAMPLE_TOTALS);
  });

  it('writes the lines and the totals to the XML the tax authority reads, valid and signed', async () => {
    const id = (await post(SELLING_EXAMPLE_ITEMS, { buyer: { name: 'Chi nhánh Hòa Bình', mst: '0100109106-001' } }))
      .json.data.id;
    const xml = (await node.request('GET', `/invoices/${id}/xml`)).body;
    expect(texts(xml, 'TChat')).toEqual(['1', '1', '2', '3']);
    expect(texts(xml, 'TLCKhau')).toEqual(['10']);
    expect(texts(xml, 'STCKhau')).toEqual(['20000']);
    expect(texts(xml, 'ThTien')).toEqual(['180000', '50000', '0', '10000', '50000', '170000']);
    expect(texts(xml, 'TSuat')).toEqual(['10%', 'KCT', '10%', '10%', 'KCT', '10%']);
    expect(texts(xml, 'TThue')).toEqual(['0', '17000']);
    expect([texts(xml, 'TgTCThue'), texts(xml, 'TgTThue'), texts(xml, 'TTCKTMai'), texts(xml, 'TgTTTBSo')]).toEqual([
      ['220000'],
      ['17000'],
      ['10000'],
      ['237000'],
    ]);
    // A branch's 13-digit MST is written as it is printed.
    expect(texts(xml, 'MST')).toContain('0100109106-001');
    expect(xmlsecVerifyAll(xml)).toEqual([true]);
    // The node's own check, the one the embedded authority runs on what it receives.
    expect(verifyInvoiceXml(xml)).toEqual([]);
    expect(await problemsAsSentForCode(xml)).toEqual([]);
  });

  it('is accepted by the tax authority (the embedded simulator checks the XML, its XSD and its sums)', async () => {
    const id = (await post(SELLING_EXAMPLE_ITEMS)).json.data.id;
    await node.node.services.transmission.worker.tick();
    await node.node.services.transmission.worker.tick();
    const detail = (await node.request('GET', `/invoices/${id}`)).json.data;
    expect(detail.transmission).toMatchObject({ state: 'accepted' });
  });

  it('groups KKKNT and another rate apart, and sells weighed goods to the gram', async () => {
    const r = await post([
      { name: 'Thịt heo', unit: 'kg', quantity: 0.75, unitPrice: 120_000, taxRate: 0.05 },
      { name: 'Phí dịch vụ', unit: 'lần', quantity: 1, unitPrice: 20_000, taxCategory: 'KKKNT' },
      { name: 'Hàng thuế khác', unit: 'cái', quantity: 1, unitPrice: 10_000, taxCategory: 'KHAC', taxRate: 0.0526 },
      { name: 'Giao trước 17 giờ', kind: 'note' },
      { name: 'Nước mắm', unit: 'chai', quantity: 3, unitPrice: 33_000, taxRate: 0.08, discountAmount: 9_000 },
    ]);
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.totals.byRate).toEqual([
      { taxGroup: '5%', rate: 0.05, amount: 90_000, tax: 4_500, total: 94_500 },
      { taxGroup: '8%', rate: 0.08, amount: 90_000, tax: 7_200, total: 97_200 },
      { taxGroup: 'KKKNT', category: 'KKKNT', amount: 20_000, tax: 0, total: 20_000 },
      { taxGroup: 'KHAC:5.26', rate: 0.0526, category: 'KHAC', amount: 10_000, tax: 526, total: 10_526 },
    ]);
    expect(r.json.data.totals).toMatchObject({
      subtotal: 210_000,
      taxAmount: 12_226,
      total: 222_226,
      discountTotal: 9_000,
    });
    expect(r.json.data.items[3]).toMatchObject({ kind: 'note', quantity: 0, total: 0 });
    const xml = (await node.request('GET', `/invoices/${r.json.data.id}/xml`)).body;
    expect(texts(xml, 'TSuat')).toEqual(['5%', 'KKKNT', 'KHAC:5.26', '8%', '5%', '8%', 'KKKNT', 'KHAC:5.26']);
    expect(texts(xml, 'SLuong')[0]).toBe('0.75');
    expect(verifyInvoiceXml(xml)).toEqual([]);
    expect(await problemsAsSentForCode(xml)).toEqual([]);
  });

  it.each([
    [
      'a weighed line without a unit',
      [{ name: 'Thịt', quantity: 0.75, unitPrice: 1_000, taxRate: 0.1 }],
      'items.0.unit',
    ],
    [
      'a promotion without a unit',
      [{ name: 'Ly', kind: 'promotion', quantity: 1, unitPrice: 1_000, taxRate: 0.1 }],
      'items.0.unit',
    ],
    [
      'a KCT line with a rate',
      [{ name: 'Sách', unit: 'cuốn', quantity: 1, unitPrice: 1_000, taxRate: 0, taxCategory: 'KCT' }],
      'items.0.taxRate',
    ],
    [
      'both kinds of discount',
      [{ name: 'Áo', unit: 'cái', quantity: 1, unitPrice: 1_000, taxRate: 0.1, discountRate: 0.1, discountAmount: 1 }],
      'items.0.discountAmount',
    ],
    [
      'a discount above the line',
      [{ name: 'Áo', unit: 'cái', quantity: 1, unitPrice: 1_000, taxRate: 0.1, discountAmount: 1_001 }],
      'items.0.discountAmount',
    ],
    [
      'a discount rate of 1',
      [{ name: 'Áo', unit: 'cái', quantity: 1, unitPrice: 1_000, taxRate: 0.1, discountRate: 1 }],
      'items.0.discountRate',
    ],
    ['a note with a price', [{ name: 'Ghi chú', kind: 'note', unitPrice: 1_000 }], 'items.0.unitPrice'],
    [
      'a quantity with 4 decimals',
      [{ name: 'Thịt', unit: 'kg', quantity: 0.7505, unitPrice: 1_000, taxRate: 0.05 }],
      'items.0.quantity',
    ],
    [
      'a KHAC line without its rate',
      [{ name: 'Hàng', unit: 'cái', quantity: 1, unitPrice: 1_000, taxCategory: 'KHAC' }],
      'items.0.taxRate',
    ],
  ])('refuses %s with a 400 at the field, in Vietnamese', async (_, items, path) => {
    const r = await post(items);
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(`body.${path}`);
  });
});
