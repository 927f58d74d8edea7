/**
 * Hostile and careless input refused at validation with 400 VALIDATION_ERROR and a Vietnamese message, over
 * real HTTP on loopback: totals past what stays exact, dates past the calendar arithmetic, controls in
 * searches and in stored names, bidi overrides, invisible-only names, more decimals than the XML writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INVOICE_TOTAL } from '../../src/invoices/line.schemas.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { type Peer, type PeerAnswer, peerAt, serveOnLoopback } from './loopback.js';

let node: TestNode;
let client: Peer;

beforeAll(async () => {
  node = await startTestNode();
  client = peerAt(await serveOnLoopback(node), '127.0.0.1');
});
afterAll(async () => {
  client.close();
  await node.close();
});

const get = (path: string) => client.request('GET', path, { token: node.token });
const issue = (body: unknown) => client.request('POST', '/invoices', { token: node.token, body });
const line = (overrides: Record<string, unknown>) => ({
  name: 'Cà phê',
  unit: 'cái',
  quantity: 1,
  unitPrice: 25_000,
  taxRate: 0.1,
  ...overrides,
});

function expectRefused(answer: PeerAnswer, path?: string, message?: RegExp) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(400);
  expect(answer.json.error.code).toBe('VALIDATION_ERROR');
  expect(answer.json.error.message).toMatch(/^Dữ liệu không hợp lệ\./);
  if (path) expect(answer.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
  if (message) expect(answer.json.error.message).toMatch(message);
}

describe('amounts and dates past what the node computes exactly', () => {
  it('refuses an invoice whose total would pass the limit, one line or many', async () => {
    const tooLarge = /Tổng tiền hóa đơn \(kể cả thuế\) không được vượt quá/;
    expectRefused(
      await issue(invoiceBody({ items: [line({ quantity: 1e9, unitPrice: 1e12 })] })),
      'body.items',
      tooLarge,
    );
    const many = Array.from({ length: 10 }, () => line({ quantity: 1e6, unitPrice: 1e7 }));
    expectRefused(await issue(invoiceBody({ items: many })), 'body.items', tooLarge);
    const order = await client.request('POST', '/orders', {
      token: node.token,
      body: { buyer: { name: 'Khách' }, items: [line({ quantity: 1e9, unitPrice: 1e12 })] },
    });
    expectRefused(order, 'body.items', tooLarge);
  });

  it('issues an invoice just under the limit, its totals exact integers', async () => {
    const unitPrice = Math.floor(MAX_INVOICE_TOTAL / 1.1 / 1000);
    const r = await issue(invoiceBody({ items: [line({ quantity: 1000, unitPrice })] }));
    expect(r.status).toBe(201);
    expect(Number.isSafeInteger(r.json.data.totals.total)).toBe(true);
    expect(r.json.data.totals.total).toBeLessThanOrEqual(MAX_INVOICE_TOTAL);
  });

  it.each([
    ['/invoices?dateTo=9999-12-31', 'querystring.dateTo'],
    ['/invoices?dateFrom=9999-12-31', 'querystring.dateFrom'],
    ['/orders?dateTo=9999-12-31', 'querystring.dateTo'],
    ['/reports/monthly?month=9999-12', 'querystring.month'],
    ['/aggregate?date=9999-12-31', 'querystring.date'],
    ['/invoices?dateFrom=1899-12-31', 'querystring.dateFrom'],
  ])('refuses the far date of %s', async (path, field) => {
    expectRefused(await get(path), field, /trong khoảng 2000-01(-01)? – 2999-12(-31)?/);
  });

  it('still answers the last and first dates it serves', async () => {
    expect((await get('/invoices?dateFrom=2000-01-01&dateTo=2999-12-31')).status).toBe(200);
    expect((await get('/reports/monthly?month=2999-12')).status).toBe(200);
  });
});

describe('controls in searches', () => {
  it.each([
    ['/invoices?buyerName=a%00b', 'querystring.buyerName'],
    ['/invoices?buyerMst=0100%00109106', 'querystring.buyerMst'],
    ['/customers?search=ab%00c', 'querystring.search'],
    ['/products?search=ab%00c', 'querystring.search'],
  ])('refuses the NUL of %s', async (path, field) => {
    expectRefused(await get(path), field, /không được chứa ký tự điều khiển/);
  });
});

describe('what a stored name may hold', () => {
  it.each([
    ['a NUL', 'Công ty\u0000 A'],
    ['a bell (C0 control)', 'Công ty\u0007 A'],
    ['a line break', 'Công ty\nA'],
    ['a C1 control', 'Công ty\u0085A'],
    ['a right-to-left override', 'Công ty \u202eA TNHH'],
    ['a bidi isolate', 'Công ty \u2067A\u2069'],
    ['only zero-width characters', '\u200b\u200c\u200d\u2060'],
    ['only Hangul fillers and a braille blank', '\u3164\u3164\u2800'],
    ['a lone surrogate', 'Công ty \ud800'],
  ])('refuses a buyer name with %s', async (_what, name) => {
    expectRefused(await issue(invoiceBody({ buyer: { name } })), 'body.buyer.name');
  });

  it('refuses the same in an item name, an address and a unit', async () => {
    expectRefused(await issue(invoiceBody({ items: [line({ name: 'Trà \u202eđá' })] })), 'body.items.0.name');
    expectRefused(await issue(invoiceBody({ items: [line({ unit: 'ly\u0000' })] })), 'body.items.0.unit');
    const buyer = { name: 'Công ty A', address: '12 Lý Thường Kiệt\u0000' };
    expectRefused(await issue(invoiceBody({ buyer })), 'body.buyer.address');
  });

  it("refuses the same in the seller's and the store's names, printed and signed on every invoice", async () => {
    const patch = (body: unknown) => client.request('PATCH', '/config', { token: node.token, body });
    expectRefused(await patch({ seller: { name: 'Cửa hàng \u202eA' } }), 'body.seller.name');
    expectRefused(await patch({ seller: { address: 'Hà Nội\u0000' } }), 'body.seller.address');
    expectRefused(await patch({ storeName: '\u200b\u200b' }), 'body.storeName');
    expect((await patch({ storeName: 'Cửa hàng Hòa Bình' })).status).toBe(200);
  });

  it('accepts Vietnamese in either Unicode form (stored NFC), and an emoji joined by zero-width joiners', async () => {
    for (const name of ['Nguyễn Văn Đức', 'Nguyễn Văn Đức'.normalize('NFD'), 'Tiệm 👨‍👩‍👧 gia đình']) {
      const r = await issue(invoiceBody({ buyer: { name } }));
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(r.json.data.buyer.name).toBe(name.normalize('NFC'));
    }
  });
});

describe('quantities and prices at the XML precision', () => {
  it.each([
    ['quantity', 5e-324],
    ['quantity', 1.2345678],
    ['quantity', 0.1 + 0.2],
    ['unitPrice', 1000.0000001],
  ])('refuses %s %s (more than 6 decimals, 3 for a quantity)', async (field, value) => {
    expectRefused(
      await issue(invoiceBody({ items: [line({ [field]: value })] })),
      `body.items.0.${field}`,
      field === 'quantity' ? /3 chữ số/ : /6 chữ số/,
    );
  });

  it('accepts 3 decimals of a quantity (weighed goods) and 6 of a price', async () => {
    const r = await issue(invoiceBody({ items: [line({ quantity: 1.234, unitPrice: 1000.123456 })] }));
    expect(r.status).toBe(201);
    expect(r.json.data.items[0].quantity).toBe(1.234);
    expect((await issue(invoiceBody({ items: [line({ quantity: 1.2345 })] }))).status).toBe(400);
  });
});
