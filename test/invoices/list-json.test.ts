import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../src/http/envelope.js';
import { invoiceListPage } from '../../src/invoices/invoices.schemas.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

/**
 * The invoice list's items are JSON text written by SQLite (invoice-json.ts, ITEM_JSON) and sent
 * without the response schema's serializer: held here to that schema and to each invoice's own detail.
 */
let node: TestNode;
const LIST_ITEM_KEYS = [
  'id',
  'platformId',
  'status',
  'mauSo',
  'kyHieu',
  'number',
  'issueDate',
  'buyer',
  'totals',
  'channel',
  'paymentMethod',
  'createdAt',
  'demo',
];
const listPage = ok(invoiceListPage);

beforeAll(async () => {
  node = await startTestNode();
  await reducedRateOnEveryDate(node);
  const create = async (overrides: Record<string, unknown>) => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody(overrides) });
    expect(r.status).toBe(201);
    return r.json.data.id as string;
  };
  await create({});
  await create({ buyer: { name: 'Khách lẻ' }, channel: 'web', paymentMethod: 'CK' });
  await create({
    buyer: { name: 'Cửa hàng "Ba Con Cá" \\ Tâm' },
    items: [{ name: 'Bánh mì', unit: 'cái', quantity: 3, unitPrice: 12_345, taxRate: 0.08 }],
  });
  const replaced = await create({ buyer: { name: 'Công ty Sai Số', mst: '0100109106' } });
  const replacement = await node.request('POST', `/invoices/${replaced}/replace`, {
    body: {
      buyer: { name: 'Công ty Đúng Số', mst: '0100109106' },
      items: [{ name: 'Trà đá', unit: 'cái', quantity: 1, unitPrice: 5_000, taxRate: 0 }],
      reason: 'Sai tên',
    },
  });
  expect(replacement.status).toBe(200);
});
afterAll(() => node.close());

/** The answer's exact text holds to the schema: nothing the schema lacks, nothing it needs missing. */
function expectSchemaText(json: unknown) {
  expect(listPage.parse(json)).toEqual(json);
}

describe('the invoice list written by SQLite', () => {
  it('answers what the response schema says, item by item as each invoice shows itself', async () => {
    const r = await node.request('GET', '/invoices');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expectSchemaText(r.json);
    const { items, total, page, pageSize, totalPages } = r.json.data;
    expect({ total, page, pageSize, totalPages }).toEqual({ total: 5, page: 1, pageSize: 20, totalPages: 1 });
    expect(items.map((item: { status: string }) => item.status).sort()).toEqual([
      'issued',
      'issued',
      'issued',
      'issued',
      'replaced',
    ]);
    for (const item of items) {
      const detail = (await node.request('GET', `/invoices/${item.id}`)).json.data;
      const expected = Object.fromEntries(LIST_ITEM_KEYS.map((key) => [key, detail[key]]));
      expected.buyer = { name: detail.buyer.name, ...(detail.buyer.mst !== undefined && { mst: detail.buyer.mst }) };
      // The list gives the spec's three totals; the detail adds the groups and the discounts.
      const { subtotal, taxAmount, total } = detail.totals;
      expected.totals = { subtotal, taxAmount, total };
      expect(item).toEqual(expected);
    }
  });

  it('keeps the newest-first order and the envelope on filtered, paged and empty pages', async () => {
    const all = (await node.request('GET', '/invoices')).json.data.items as { id: string; createdAt: string }[];
    expect(all.map((item) => item.createdAt)).toEqual(
      all
        .map((item) => item.createdAt)
        .sort()
        .reverse(),
    );
    const second = await node.request('GET', '/invoices?page=2&pageSize=2');
    expectSchemaText(second.json);
    expect(second.json.data.items.map((item: { id: string }) => item.id)).toEqual(
      all.slice(2, 4).map((item) => item.id),
    );
    for (const query of [
      'status=replaced',
      'buyerMst=0100109106',
      'buyerName=ba%20con%20ca',
      'status=error',
      'page=9',
    ]) {
      const r = await node.request('GET', `/invoices?${query}`);
      expect(r.status, query).toBe(200);
      expectSchemaText(r.json);
    }
    expect((await node.request('GET', '/invoices?status=error')).json.data.items).toEqual([]);
    expect((await node.request('GET', '/invoices?buyerName=ba%20con%20ca')).json.data.items[0].buyer).toEqual({
      name: 'Cửa hàng "Ba Con Cá" \\ Tâm',
    });
  });

  it('gives the monthly report the same items', async () => {
    const month = (await node.request('GET', '/invoices')).json.data.items[0].issueDate.slice(0, 7);
    const report = await node.request('GET', `/reports/monthly?month=${month}`);
    expect(report.status).toBe(200);
    const list = (await node.request('GET', '/invoices?pageSize=100')).json.data;
    expect(report.json.data.invoices).toEqual(list.items);
    // The spec's default page size, as every list.
    expect(report.json.data.pagination).toEqual({ total: 5, page: 1, pageSize: 20, totalPages: 1 });
  });
});
